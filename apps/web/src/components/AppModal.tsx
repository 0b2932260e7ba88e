import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's Modal with what every dialog of ours needs: a translated name on the close button, and a header that
 * is not a second "banner" landmark (Mantine draws it as <header>).
 */
export function AppModal({ closeButtonProps, attributes, ...props }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      centered
      closeButtonProps={{ 'aria-label': t('common.close'), ...closeButtonProps }}
      attributes={{ header: { role: 'none' }, ...attributes }}
      {...props}
    />
  );
}
