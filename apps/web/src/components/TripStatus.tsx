import { Button, Text } from '@mantine/core';
import { IconMapOff, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../lib/i18n';
import { Link } from 'react-router';
import { PATHS } from '../lib/paths';
import { StatusPage } from './StatusPage';

/** A bad id (not a number) or an unknown trip (404): the trip page, its full-screen map, the private landing page. */
export function TripNotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage icon={IconMapOff} title={t('trip.notFound.title')}>
      <Text>{t('trip.notFound.text')}</Text>
      <Button component={Link} to={PATHS.home} size="md">
        {t('trip.notFound.home')}
      </Button>
    </StatusPage>
  );
}

/** No answer, or an answer we cannot read: say so and offer to try again. */
export function TripLoadError({ messageKey, onRetry, retrying }: { messageKey: TextKey; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusPage icon={IconWifiOff} title={t('trip.loadError.title')} role="alert">
      <Text>{t(messageKey)}</Text>
      <Button size="md" onClick={onRetry} loading={retrying}>
        {t('trip.loadError.retry')}
      </Button>
    </StatusPage>
  );
}
