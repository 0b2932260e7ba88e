import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A centred spinner with an accessible name, for pages and sections while their data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
