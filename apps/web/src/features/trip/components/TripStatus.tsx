import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconMapOff, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { openAppModal } from '../../../lib/modal-controller';
import { PATHS } from '../../../lib/paths';

/** A bad id (not a number) or an unknown trip (404). */
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

/** 403 user_does_not_have_permission_to_this_private_ride: sign in with the account that was given access. */
export function TripPrivate({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Container size={560} py={64} px="md">
      <DocumentTitle title={t('trip.private.title')} />
      <Stack align="center" ta="center" gap="md">
        <IconLock aria-hidden size={64} stroke={1.5} color="var(--mantine-color-brand-7)" />
        <Title order={1}>{t('trip.private.title')}</Title>
        <Text>{signedIn ? t('trip.private.signedInText') : t('user_does_not_have_permission_to_this_private_ride')}</Text>
        <Group justify="center">
          {!signedIn && (
            <Button size="md" onClick={() => openAppModal('login')}>
              {t('trip.private.signIn')}
            </Button>
          )}
          <Button component={Link} to={PATHS.home} size="md" variant="default">
            {t('trip.notFound.home')}
          </Button>
        </Group>
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
