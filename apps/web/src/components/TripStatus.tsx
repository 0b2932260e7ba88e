import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconMapOff, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from './DocumentTitle';
import { PATHS } from '../lib/paths';

/** A bad id (not a number) or an unknown trip (404): the trip page, its full-screen map, the private landing page. */
export function TripNotFound() {
  const { t } = useTranslation();
  return (
    <Container size={560} py={64} px="md">
      <DocumentTitle title={t('trip.notFound.title')} />
      <Stack align="center" ta="center" gap="md">
        <IconMapOff aria-hidden size={64} stroke={1.5} color="var(--mantine-color-brand-7)" />
        <Title order={1}>{t('trip.notFound.title')}</Title>
        <Text>{t('trip.notFound.text')}</Text>
        <Button component={Link} to={PATHS.home} size="md">
          {t('trip.notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}

/** No answer, or an answer we cannot read: say so and offer to try again. */
export function TripLoadError({ messageKey, onRetry, retrying }: { messageKey: string; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Container size={560} py={64} px="md">
      <DocumentTitle title={t('trip.loadError.title')} />
      <Stack align="center" ta="center" gap="md" role="alert">
        <IconWifiOff aria-hidden size={64} stroke={1.5} color="var(--mantine-color-brand-7)" />
        <Title order={1}>{t('trip.loadError.title')}</Title>
        <Text>{t(messageKey)}</Text>
        <Button size="md" onClick={onRetry} loading={retrying}>
          {t('trip.loadError.retry')}
        </Button>
      </Stack>
    </Container>
  );
}
