import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconExternalLink,
  IconPlaneDeparture,
  IconRoute,
  IconUserPlus,
} from '@tabler/icons-react';
import { linkToShow, type AddUserToRidePrivacyResponse } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { StatusPage } from '../../../components/StatusPage';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { openAppModal } from '../../../lib/modal-controller';
import { PATHS, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-store';
import { session as sessionStorage } from '../../../lib/storage';
import { currentSubdomain } from '../../../lib/subdomain';
import { useWrite } from '../../../lib/use-write';
import { addUserToRidePrivacy, rideKeyInformationKeys, rideKeyInformationQuery } from '../api/access-keys';
import { JOIN_KEY_STORAGE } from '../lib/links';
import classes from '../components/AccessKeys.module.css';

const JoinedModal = lazy(() => import('../components/JoinedModal'));

/** A key as the server reads one (accessKeyValue): anything else is not a key of ours. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * /assign_to_ride/:rideKey, /assign_to_ride (the key kept in session storage) and /assign_to_ride_with_consulting/:rideKey
 * (001 §2, §4): a client opens the planner's link. Welcome text, sign in or register in place (the modals open over
 * the page, which stays), get the trip (add_user_to_ride_privacy_api), go to it. Each refusal is its translated code.
 * The standalone page reads the key from the address once, keeps it in session storage and resets the address to
 * /assign_to_ride; once joined it shows the copy-private-link dialog, then the trip. The consulting page offers the
 * planner's meeting calendar and does not jump to the trip.
 */
export default function JoinPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const consulting = pathname.startsWith('/assign_to_ride_with_consulting');
  const fromAddress = useParams().rideKey;
  const navigate = useNavigate();
  const [rideKey] = useState(() => fromAddress ?? sessionStorage.get(JOIN_KEY_STORAGE));

  // 001 §2: the key is kept in session storage and the address reset to /assign_to_ride once it has been read.
  useEffect(() => {
    if (consulting || fromAddress === undefined) return;
    sessionStorage.set(JOIN_KEY_STORAGE, fromAddress);
    navigate(paths.join(), { replace: true });
  }, [consulting, fromAddress, navigate]);

  const title = t('accessKeys.join.title');
  if (!rideKey)
    return (
      <StatusPage icon={IconAlertTriangle} title={title} role="alert">
        <Text>{t('accessKeys.join.noKey')}</Text>
        <Button component={Link} to={PATHS.home} variant="default">
          {t('accessKeys.home')}
        </Button>
      </StatusPage>
    );
  return <Join rideKey={rideKey} consulting={consulting} />;
}

function Join({ rideKey, consulting }: { rideKey: string; consulting: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const viewer = session?.token ?? null;
  const wellFormed = KEY_SHAPE.test(rideKey);
  const info = useQuery({ ...rideKeyInformationQuery(rideKey, viewer), enabled: wellFormed });
  const { run, busy } = useWrite();
  // A refusal belongs to the account it was given to: another account's page does not show it.
  const [refused, setRefused] = useState<{ viewer: string | null; code: string } | null>(null);
  const refusal = refused?.viewer === viewer ? refused.code : null;
  const [joined, setJoined] = useState<AddUserToRidePrivacyResponse | null>(null);
  const title = t('accessKeys.join.title');

  if (!wellFormed || info.isError)
    return (
      <StatusPage icon={IconAlertTriangle} title={title} role="alert">
        <Text>{t(messageKey(wellFormed ? errorCode(info.error) : 'the_private_link_is_not_valide'))}</Text>
        <Button component={Link} to={PATHS.home} variant="default">
          {t('accessKeys.home')}
        </Button>
      </StatusPage>
    );
  if (info.isPending)
    return (
      <StatusPage icon={IconPlaneDeparture} title={title}>
        <LoadingIndicator p="md" />
      </StatusPage>
    );

  const data = info.data.rideData;
  const signedIn = session !== null;
  // The planner's meeting calendar, if it is a link that may be shown (the one link rule).
  const calendar = linkToShow(data.consulting_meeting_calendar_link);
  const tripId = joined?.newRideId ?? (data.alreadyAssigned ? data.assignedRideId : null);

  const join = async () => {
    setRefused(null);
    const res = await run(() => addUserToRidePrivacy(rideKey, currentSubdomain()), {
      // Already joined, or the last place taken meanwhile: the page reads the key again.
      invalidateOnRefusal: (queryClient) =>
        queryClient.invalidateQueries({ queryKey: rideKeyInformationKeys.key(rideKey) }),
      onError: (error) => {
        setRefused({ viewer, code: errorCode(error) });
        return true;
      },
    });
    if (res) {
      sessionStorage.remove(JOIN_KEY_STORAGE);
      setJoined(res);
    }
  };

  // Isolated (U+2068 … U+2069): a Hebrew name in an English sentence, or the other way round, keeps its place.
  const isolate = (s: string) => `\u2068${s}\u2069`;

  return (
    <StatusPage icon={IconPlaneDeparture} title={title} size={620} gap="lg">
      <Text className={classes.welcome}>
        {t(consulting ? 'accessKeys.join.welcomeConsulting' : 'accessKeys.join.welcome', {
          planner: isolate(data.plannerName),
          title: isolate(data.title),
        })}
      </Text>
      <Text c="dimmed">
        {t(data.action === 'copy' ? 'accessKeys.join.getsCopy' : 'accessKeys.join.getsView')}
      </Text>

      <div role="status" aria-live="polite">
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t(messageKey(refusal))}
          </Alert>
        )}
        {joined && consulting && (
          <Alert color="brand" variant="light">
            {t(joined.action === 'copy' ? 'uesr_copyed_new_ride' : 'accessKeys.join.joined')}
          </Alert>
        )}
      </div>

      <Stack gap="sm" align="center">
        {!signedIn ? (
          <>
            <Text>{t('accessKeys.join.signInFirst')}</Text>
            <Group justify="center" gap="sm">
              <Button
                size="md"
                onClick={() => openAppModal('register')}
                leftSection={<IconUserPlus size={18} aria-hidden />}
              >
                {t('accessKeys.register')}
              </Button>
              <Button size="md" variant="default" onClick={() => openAppModal('login')}>
                {t('accessKeys.signIn')}
              </Button>
            </Group>
          </>
        ) : tripId !== null && tripId !== undefined ? (
          <Button
            size="md"
            component={Link}
            to={paths.trip(tripId)}
            leftSection={<IconRoute size={18} aria-hidden />}
          >
            {t('accessKeys.join.goToTrip')}
          </Button>
        ) : (
          // Always offered: whether a place is left (a quota, a one-time link) is the join's answer, shown as its code.
          <Button size="md" loading={busy} onClick={() => void join()}>
            {t('accessKeys.join.getLink')}
          </Button>
        )}
        {consulting && calendar && (
          <Button
            size="md"
            variant="light"
            component="a"
            href={calendar}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('accessKeys.join.calendar')}
          </Button>
        )}
      </Stack>

      {joined && !consulting && (
        <Suspense fallback={null}>
          <JoinedModal
            rideId={joined.newRideId}
            copied={joined.action === 'copy'}
            onDone={() => navigate(paths.trip(joined.newRideId))}
          />
        </Suspense>
      )}
    </StatusPage>
  );
}
