import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconExternalLink,
  IconPlaneDeparture,
  IconRoute,
  IconUserPlus,
} from '@tabler/icons-react';
import { ADDRESSES, linkToShow, type AddUserToRidePrivacyResponse } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation, useNavigate, useParams } from 'react-router';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { StatusPage } from '../../../../components/StatusPage';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { openAppModal } from '../../../../lib/modal-controller';
import { PATHS, paths } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session-store';
import { session as sessionStorage } from '../../../../lib/storage';
import { showToast } from '../../../../lib/toast';
import { currentSubdomain } from '../../../../lib/subdomain';
import { useWrite } from '../../../../lib/use-write';
import { addUserToTripPrivacy, accessKeyInformationKeys, accessKeyInformationQuery } from '../api/access-keys';
import { JOIN_AFTER_SIGN_IN, JOIN_KEY_STORAGE } from '../lib/links';
import classes from '../components/AccessKeys.module.css';

/** A key as the server reads one (accessKeyValue): anything else is not a key of ours. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * /assign_to_ride/:rideKey, /assign_to_ride (the key kept in session storage) and /assign_to_ride_with_consulting/:rideKey
 * (001 §2, §4; issue 30 point 5, decision 0045): a client opens the planner's link.
 *
 *  - The key stays in the address (a reload, a new tab, "open in browser" from a messaging app keep it) and in session
 *    storage; /assign_to_ride alone takes it from there and puts it back in the address.
 *  - The key's state is read first: an unknown, revoked or expired key, or a spent one-time or full link, says so before
 *    anything is asked (a visitor is offered only to sign in, for the one who already came in with it).
 *  - A visitor who signs in or registers from here (a modal over the page, or Google/Facebook and back, or after a
 *    reload in the middle) joins at once and lands on the trip: JOIN_AFTER_SIGN_IN marks the join to complete. A
 *    signed-in user presses "get the trip" once. The consulting page stays, with the planner's meeting calendar.
 */
export default function JoinPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const consulting = matchPath(ADDRESSES.joinConsulting, pathname) !== null;
  const fromAddress = useParams().rideKey;
  const navigate = useNavigate();
  const rideKey = fromAddress ?? sessionStorage.get(JOIN_KEY_STORAGE);

  // The key is kept in session storage too; an address without it gets it back, so a reload or a copy keeps it.
  useEffect(() => {
    if (fromAddress !== undefined) sessionStorage.set(JOIN_KEY_STORAGE, fromAddress);
    else if (rideKey) navigate(paths.join(rideKey), { replace: true });
  }, [fromAddress, rideKey, navigate]);

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
  return <Join key={rideKey} rideKey={rideKey} consulting={consulting} />;
}

function Join({ rideKey, consulting }: { rideKey: string; consulting: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const viewer = session?.token ?? null;
  const wellFormed = KEY_SHAPE.test(rideKey);
  const info = useQuery({ ...accessKeyInformationQuery(rideKey, viewer), enabled: wellFormed });
  const { run, busy } = useWrite();
  // A refusal belongs to the account it was given to: another account's page does not show it.
  const [refused, setRefused] = useState<{ viewer: string | null; code: string } | null>(null);
  const refusal = refused?.viewer === viewer ? refused.code : null;
  const [joined, setJoined] = useState<AddUserToRidePrivacyResponse | null>(null);
  const completing = useRef(false);
  const title = t('accessKeys.join.title');
  const data = info.data?.rideData;

  const arrive = (res: AddUserToRidePrivacyResponse, tripTitle: string) => {
    sessionStorage.remove(JOIN_KEY_STORAGE);
    setJoined(res);
    if (consulting) return;
    showToast({
      color: 'brand',
      message:
        res.action === 'copy'
          ? t('uesr_copyed_new_ride')
          : t('accessKeys.join.joinedTrip', { title: `\u2068${tripTitle}\u2069` }),
    });
    navigate(paths.trip(res.newRideId), { replace: true });
  };

  const join = async (tripTitle: string) => {
    const res = await run(() => addUserToTripPrivacy(rideKey, currentSubdomain()), {
      // Already joined, or the last place taken meanwhile: the page reads the key again.
      invalidateOnRefusal: (queryClient) =>
        queryClient.invalidateQueries({ queryKey: accessKeyInformationKeys.key(rideKey) }),
      onError: (error) => {
        setRefused({ viewer, code: errorCode(error) });
        return true;
      },
    });
    if (res) arrive(res, tripTitle);
  };

  // A visitor who signs in or registers while on this page (its buttons or the header's): once the session is there,
  // complete the join (or, for the one who came in with the link before, go to their trip). The mark is set as the
  // visitor sees the key, so it outlives a reload and a sign-in through a provider.
  const pending = sessionStorage.get(JOIN_AFTER_SIGN_IN) === rideKey;
  useEffect(() => {
    if (!viewer && data) sessionStorage.set(JOIN_AFTER_SIGN_IN, rideKey);
  }, [viewer, data, rideKey]);
  useEffect(() => {
    if (!viewer || !data || !pending || completing.current) return;
    completing.current = true;
    sessionStorage.remove(JOIN_AFTER_SIGN_IN);
    if (data.alreadyAssigned && data.assignedRideId !== null) {
      if (!consulting) navigate(paths.trip(data.assignedRideId), { replace: true });
    } else if (data.joinRefusal === null) {
      // A write to the server, started once the session exists: deferred past this effect, so its busy state is set
      // by the write's own tick, not during the effect.
      void Promise.resolve().then(() => join(data.title));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sign-in, on the key's fresh read
  }, [viewer, data, pending]);

  if (!wellFormed || info.isError)
    return (
      <StatusPage icon={IconAlertTriangle} title={title} role="alert">
        <Text>{t(messageKey(wellFormed ? errorCode(info.error) : 'the_private_link_is_not_valide'))}</Text>
        <Button component={Link} to={PATHS.home} variant="default">
          {t('accessKeys.home')}
        </Button>
      </StatusPage>
    );
  if (!data || (viewer && pending))
    return (
      <StatusPage icon={IconPlaneDeparture} title={title}>
        <LoadingIndicator p="md" />
      </StatusPage>
    );

  const signedIn = session !== null;
  // The planner's meeting calendar, if it is a link that may be shown (the one link rule).
  const calendar = linkToShow(data.consulting_meeting_calendar_link);
  const tripId = joined?.newRideId ?? (data.alreadyAssigned ? data.assignedRideId : null);
  // Spent or full: said first, and nothing is asked but a sign-in (for the one who is in already).
  const closed = tripId === null ? (refusal ?? data.joinRefusal) : null;
  const signIn = (modal: 'login' | 'register') => openAppModal(modal);

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
      {!closed && (
        <Text c="dimmed">
          {t(data.action === 'copy' ? 'accessKeys.join.getsCopy' : 'accessKeys.join.getsView')}
        </Text>
      )}

      <div role="status" aria-live="polite">
        {closed && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t(messageKey(closed))}
          </Alert>
        )}
        {joined && consulting && (
          <Alert color="brand" variant="light">
            {t(joined.action === 'copy' ? 'uesr_copyed_new_ride' : 'accessKeys.join.joined')}
          </Alert>
        )}
      </div>

      <Stack gap="sm" align="center">
        {tripId !== null ? (
          <Button
            size="md"
            component={Link}
            to={paths.trip(tripId)}
            leftSection={<IconRoute size={18} aria-hidden />}
          >
            {t('accessKeys.join.goToTrip')}
          </Button>
        ) : closed ? (
          !signedIn && (
            <>
              <Text>{t('accessKeys.join.closedSignIn')}</Text>
              <Button size="md" variant="default" onClick={() => signIn('login')}>
                {t('accessKeys.signIn')}
              </Button>
            </>
          )
        ) : !signedIn ? (
          <>
            <Text>{t('accessKeys.join.signInFirst')}</Text>
            <Group justify="center" gap="sm">
              <Button
                size="md"
                onClick={() => signIn('register')}
                leftSection={<IconUserPlus size={18} aria-hidden />}
              >
                {t('accessKeys.register')}
              </Button>
              <Button size="md" variant="default" onClick={() => signIn('login')}>
                {t('accessKeys.signIn')}
              </Button>
            </Group>
          </>
        ) : (
          <Button
            size="md"
            loading={busy}
            onClick={() => {
              setRefused(null);
              void join(data.title);
            }}
          >
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
    </StatusPage>
  );
}
