import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's Modal with what every dialog of ours needs: a translated name on the close button, and a header that
 * is not a second "banner" landmark (Mantine draws it as <header>). `fullScreenOnPhone`: the whole screen at a phone's
 * width (a long list of choices: bookings, a copy's updates, a template's copies), a centred dialog otherwise.
 */
export function AppModal({
  closeButtonProps,
  attributes,
  fullScreenOnPhone = false,
  ...props
}: ModalProps & { fullScreenOnPhone?: boolean }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal
      centered
      closeButtonProps={{ 'aria-label': t('common.close'), ...closeButtonProps }}
      attributes={{ header: { role: 'none' }, ...attributes }}
      fullScreen={fullScreenOnPhone && phone}
      {...props}
    />
  );
}
