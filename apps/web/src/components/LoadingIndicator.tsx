import { Center, Loader, type CenterProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A spinner that screen readers announce as "loading". The name sits on the status region: a bare
 * aria-label on Mantine's Loader (a span without a role) is not allowed by ARIA.
 */
export function LoadingIndicator(props: CenterProps) {
  const { t } = useTranslation();
  return (
    <Center role="status" aria-live="polite" aria-label={t('common.loading')} {...props}>
      <Loader aria-hidden />
    </Center>
  );
}
