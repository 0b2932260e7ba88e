import { useEffect } from 'react';
import { Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { pageId } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { StatusPage } from '../../../../components/StatusPage';
import { TripNotFound } from '../../../../components/TripStatus';
import { ApiError } from '../../../../lib/api';
import { openAppModal } from '../../../../lib/modal-controller';
import { PATHS, paths } from '../../../../lib/paths';
import { endSession, useSession } from '../../../../lib/session-store';
import { redirectPageQuery } from '../api/redirect-page';
import { tripAccessQuery } from '../api/trip-access';


const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /private_page_landing/:rideId (001 §2, §6): where a trip page sends a reader without access to a private trip.
 * It says so, and offers what 001 §6 lists: sign in or register (with the account that was given access), or buy the
 * trip on its planner's page (get_redirect_page_from_ride_id; no button when the planner set none, which is only
 * logged, 001 §8). Nothing of the trip is shown. Whenever the session changes the access is asked again, and a reader
 * who has it goes to the trip: "after login goes to the trip if the user has access".
 */
export default function PrivateLandingPage() {
  const { t } = useTranslation();
  const rideId = pageId(useParams().rideId);
  const session = useSession();
  const access = useQuery({ ...tripAccessQuery(rideId ?? 0, session?.token ?? null), enabled: rideId !== null });
  const redirect = useQuery({ ...redirectPageQuery(rideId ?? 0), enabled: rideId !== null });
  const redirectPage = redirect.data?.redirectPage ?? null;

  useEffect(() => {
    if (redirect.data && redirect.data.redirectPage === null)
      console.warn(`private landing: trip ${rideId} has no redirect page`);
  }, [redirect.data, rideId]);

  if (rideId === null || notFound(access.error) || notFound(redirect.error)) return <TripNotFound />;
  if (access.isSuccess) return <Navigate to={paths.trip(rideId)} replace />;

  const signedIn = session !== null;
  // Just signed in: the answer is coming; say so rather than "no access" for a moment.
  const checking = signedIn && access.isPending;
  // Isolated (U+2068 … U+2069): a Hebrew name in an English sentence, or the other way round, keeps its place.
  const name = `\u2068${session?.userName || t('account.defaultName')}\u2069`;

  return (
    <StatusPage icon={IconLock} title={t('privateLanding.title')} size={600} gap="lg">
      <div role="status" aria-live="polite">
        {checking ? (
          <Group gap="xs" justify="center">
            <Loader size="sm" aria-hidden />
            <Text>{t('privateLanding.checking')}</Text>
          </Group>
        ) : (
          <Text>{signedIn ? t('privateLanding.noAccess', { name }) : t('privateLanding.text')}</Text>
        )}
      </div>
      {!checking && (
        <Group justify="center" gap="sm">
          {signedIn ? (
            <Button
              size="md"
              variant="default"
              onClick={() => {
                endSession('signed-out');
                openAppModal('login');
              }}
            >
              {t('privateLanding.switchAccount')}
            </Button>
          ) : (
            <>
              <Button size="md" onClick={() => openAppModal('login')}>
                {t('privateLanding.signIn')}
              </Button>
              <Button size="md" variant="default" onClick={() => openAppModal('register')}>
                {t('privateLanding.register')}
              </Button>
            </>
          )}
        </Group>
      )}
      {redirectPage && (
        <>
          <Divider w="100%" />
          <Stack gap="sm" align="center">
            <Text>{t('privateLanding.purchaseText')}</Text>
            <Button
              component="a"
              href={redirectPage}
              rel="noopener"
              size="md"
              variant="light"
              rightSection={<IconExternalLink size={18} aria-hidden />}
            >
              {t('privateLanding.purchase')}
            </Button>
          </Stack>
        </>
      )}
      <Button component={Link} to={PATHS.home} variant="subtle" size="md">
        {t('privateLanding.home')}
      </Button>
    </StatusPage>
  );
}
