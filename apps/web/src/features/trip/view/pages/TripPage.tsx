import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconLock, IconMap2, IconMaximize, IconShare } from '@tabler/icons-react';
import {
  isPrivateRideWire,
  todayIso,
  tripAbilities,
  tripFactsFromWire,
  type RideAttractionsResponse,
  type RideHeaderResponse,
  type UserInfo,
} from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Later } from '../../../../components/Later';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { ApiError, errorCode } from '../../../../lib/api';
import { messageKey, withTexts } from '../../../../lib/i18n';
import { PATHS, paths } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session-store';
import { currentSubdomain, isSubdomainMode } from '../../../../lib/subdomain';
import { useTripAttractions } from '../../data/trip-attractions';
import { useTripHeader } from '../../data/trip-header';
import { useUserInfoFromTrip } from '../api/user-info-from-trip';
import AuthorBlock from '../components/AuthorBlock';
import { DayChips } from '../components/DayChips';
import { DaySection } from '../components/DaySection';
import { RichText } from '../../../../components/RichText';
import { SummaryTabs } from '../components/SummaryTabs';
import { TripMapArea } from '../components/TripMapArea';
import { TripLoadError, TripNotFound } from '../../../../components/TripStatus';
import { TripSkeleton } from '../components/TripSkeleton';
import { ClientCopyAction, PlannerTripTools, PrivateLinkAction } from '../../access-keys/lazy';
import { TripPeople } from '../../members/lazy';
import { AddBookings } from '../../bookings/lazy';
import { TripSubNav } from '../../shared/TripSubNav';
import { TripExportMenu } from '../../export/later';
import { TripLive } from '../../live/later';
import { CopyAfterSignIn } from '../../editing/components/CopyAfterSignIn';
import { InheritedNote, RenameCopyPrompt, useOriginalTrip } from '../components/CopyOrigin';
import { inheritedTexts } from '../lib/inherited';
import { CopyAndEditAction } from '../../editing/components/CopyAndEditAction';
import { useTripEditSlots } from '../../editing/useTripEditSlots';
import classes from '../components/Trip.module.css';
import { useFocusedDay } from '../hooks/useFocusedDay';
import { useProgressiveCount } from '../hooks/useProgressiveCount';
import { useScrollRestore } from '../hooks/useScrollRestore';
import { ContentLanguageProvider, tripContentLanguage } from '../../../../lib/content-language';
import { layOutAllDays } from '../lib/days-layout';
import { parseId, toDisplayDate } from '../../../../lib/format';
import { firstNights, tripPoints } from '../lib/points';
import { shareUrl } from '../lib/share';
import { UserText } from '../../../../components/UserText';

// Authors only (never in the server's HTML): the list/calendar switch, with the calendar's texts.
const TripViewToggle = lazy(
  withTexts(
    () => import('../../shared/TripViewToggle').then((m) => ({ default: m.TripViewToggle })),
    ['tripCalendar'],
  ),
);
const AttractionDetailsModal = lazy(() => import('../components/AttractionDetailsModal'));
const ShareModal = lazy(() => import('../components/ShareModal'));
// Not needed for the first paint: the picture viewer (on a click) and the sections below the days.
const ImageViewer = lazy(() => import('../components/ImageViewer'));
// Its texts (the copyright, partners, how it works) load with it, in the chunk the legs' and live parts share.
const TripBottomSections = lazy(withTexts(() => import('../components/TripBottomSections'), ['tripBottom']));

const PRIVATE = 'user_does_not_have_permission_to_this_private_ride';
const NO_NOTES: string[] = [];

/**
 * Attraction links whose details were already shown in this tab (000 §2: "the modal is then locked so it is not
 * shown again"): coming back to the same address through history or a link does not open them again.
 */
const shownAttractionLinks = new Set<string>();

/**
 * The trip page, /single_ride_with_map/:rideId (000 §2), and /single_ride_with_map_attraction/:rideId/:attractionId,
 * which opens that attraction's details once on load. The three reads run in parallel; the page renders as soon as
 * the trip itself arrives (the author block and the header's author check fill in when theirs do).
 */
export default function TripPage() {
  const params = useParams();
  const rideId = parseId(params.rideId);
  const session = useSession();
  const rides = useTripAttractions(rideId);
  const header = useTripHeader(rideId);
  const author = useUserInfoFromTrip(rideId);
  // The last five trips are kept for the offline view (issue 3 item 7). After the page is up, so the keeping's code
  // (1.9 KB) is not in the page's first download.
  useEffect(() => {
    const data = rides.data;
    if (data) void import('../../cache/trip-cache').then((cache) => cache.rememberTrip(data));
  }, [rides.data]);
  const { pathname } = useLocation();

  if (rideId === null) return <TripNotFound />;
  // The author block sits above the trip's text: the page waits for its call (made in parallel, usually answered
  // first) rather than pushing the text down when it arrives (layout shift). A failed call shows the page without it.
  if (rides.isPending || author.isPending) return <TripSkeleton />;
  // A refresh that finds no network (coming back online, a tunnel) keeps the trip on screen: only a trip that was
  // never loaded goes to the offline view. A refused or missing trip is shown as such, even after a refresh.
  const keptThroughGlitch = rides.data !== undefined && errorCode(rides.error) === 'network_error';
  if (rides.isError && !keptThroughGlitch) {
    const error = rides.error;
    // No answer at all (000 §4): the saved copies are the offline view's.
    if (errorCode(error) === 'network_error')
      return <Navigate to={PATHS.offlineRideView} replace state={{ from: pathname }} />;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <TripNotFound />;
    // A private trip this reader may not open (001 §2): the landing explains it and offers sign-in or the planner's page.
    if (error instanceof ApiError && (error.status === 403 || error.code === PRIVATE))
      return <Navigate to={paths.privateLanding(rideId)} replace />;
    return (
      <TripLoadError
        messageKey={messageKey(errorCode(error))}
        onRetry={() => void rides.refetch()}
        retrying={rides.isFetching}
      />
    );
  }
  if (rides.data === undefined) return <TripSkeleton />;
  // The interface is in the user's language; the trip's own texts in the trip's (decision 0042).
  return (
    <ContentLanguageProvider value={tripContentLanguage(rides.data.ride.language)}>
      <TripView
        key={rideId}
        data={rides.data}
        header={header.data}
        author={author.data?.userInfo}
        signedIn={session !== null}
        isManager={session?.role === 'manager'}
        attractionId={params.attractionId === undefined ? undefined : parseId(params.attractionId)}
      />
    </ContentLanguageProvider>
  );
}

interface TripViewProps {
  data: RideAttractionsResponse;
  header: RideHeaderResponse | undefined;
  author: UserInfo | undefined;
  signedIn: boolean;
  isManager: boolean;
  /** From the attraction route: undefined on the plain trip page, null for an id that is not a number. */
  attractionId: number | null | undefined;
}

/** The day asked for by the address (?day=N, 1-based, from the full-screen map's "back"), as a 0-based index. */
function dayFromAddress(search: string, dayCount: number): number | null {
  const raw = new URLSearchParams(search).get('day');
  if (!raw || !/^\d{1,4}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= dayCount ? n - 1 : null;
}

type ShareTarget = { kind: 'trip' } | { kind: 'attraction'; id: number; title: string };

function TripView({ data, header, author, signedIn, isManager, attractionId }: TripViewProps) {
  const { t } = useTranslation();
  const { ride, attractionsByDay: days, highLevelRideLocations: locations } = data;
  const isAuthor = header?.isAuthor ?? false;
  // What this reader may do here (the contract's trip rules). A visitor who is not signed in cannot be the author: no
  // need to wait for the header to know; a signed-in reader is neither author nor non-author until it answers.
  const can = tripAbilities(
    tripFactsFromWire(ride),
    {
      isAuthor: signedIn ? (header?.isAuthor ?? null) : false,
      isPlanner: false,
      isManager,
      site: currentSubdomain(),
      role: header?.role ?? null,
    },
    todayIso(),
  );
  // The editing controls (features/trip-editing): the author's, an editor's (no lock), empty slots for other readers.
  const edit = useTripEditSlots(ride, days, can);
  const subdomain = isSubdomainMode();
  const tripPrivate = isPrivateRideWire(ride);
  const shareable = can.share;
  const [share, setShare] = useState<ShareTarget | null>(null);
  const { focused, started, scrollToDay: scrollToRenderedDay } = useFocusedDay(days.length);
  // The first two days render with the page, the others in the next frames (see useProgressiveCount).
  const { count: renderedDays, renderAll } = useProgressiveCount(days.length);
  const scrollToDay = useCallback(
    (index: number, instant = false) => {
      renderAll();
      scrollToRenderedDay(index, instant);
    },
    [renderAll, scrollToRenderedDay],
  );
  // Back from the full-screen map (?day=N) lands on that day; otherwise a saved scroll position is restored once.
  const { search } = useLocation();
  const [initialDay] = useState(() => dayFromAddress(search, days.length));
  useScrollRestore(ride.id, (saved) => {
    if (initialDay !== null) {
      scrollToDay(initialDay, true);
      // Used once: a reload then restores the saved position instead. (History state is kept for the router.)
      const url = new URL(window.location.href);
      url.searchParams.delete('day');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    } else if (saved !== null) {
      renderAll();
      layOutAllDays();
      window.scrollTo({ top: saved, behavior: 'auto' });
    }
  });
  const points = useMemo(() => tripPoints(days), [days]);
  const firstNightDays = useMemo(() => firstNights(days), [days]);
  const onMarkerClick = (id: string | number) => {
    const day = /^a-(\d+)-/.exec(String(id));
    if (day) scrollToDay(Number(day[1]));
  };
  const mapFocus = started ? focused : undefined;
  const [image, setImage] = useState<{ src: string; alt: string } | null>(null);

  // The attraction details modal; the attraction route opens it once on load and then locks it (000 §2).
  const titles = useMemo(() => {
    const map = new Map<number, string>();
    for (const d of days) for (const a of d.daily_attractions) map.set(a.id, a.title);
    return map;
  }, [days]);
  const [details, setDetails] = useState<number | null>(() =>
    attractionId != null &&
    titles.has(attractionId) &&
    !shownAttractionLinks.has(`${ride.id}/${attractionId}`)
      ? attractionId
      : null,
  );
  useEffect(() => {
    if (attractionId != null && titles.has(attractionId))
      shownAttractionLinks.add(`${ride.id}/${attractionId}`);
  }, [attractionId, titles, ride.id]);
  const missingAttraction =
    attractionId !== undefined && (attractionId === null || !titles.has(attractionId));

  // The day chips sit under the sticky trip header, whose height depends on the title's length.
  const pageRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = headerRef.current;
    const page = pageRef.current;
    if (!el || !page || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      page.style.setProperty('--trip-header-height', `${el.offsetHeight}px`),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const start = toDisplayDate(ride.start_date);
  const end = toDisplayDate(ride.end_date);
  const notesByDay = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const n of ride.rideExtraInformationByDay)
      map.set(n.dayIndex, [...(map.get(n.dayIndex) ?? []), n.text]);
    return map;
  }, [ride.rideExtraInformationByDay]);

  const showBanner = can.copyBanner;
  // A copy: what it still carries word for word from its original (marked), and its author is offered a rename.
  const original = useOriginalTrip(ride.based_ride_id);
  const inherited = useMemo(() => inheritedTexts(ride, original), [ride, original]);
  const content = tripContentLanguage(ride.language);

  return (
    <div className={classes.page} ref={pageRef}>
      <DocumentTitle title={ride.title} />
      <header className={classes.header} ref={headerRef}>
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={1} className={classes.title} {...content}>
            <UserText>{ride.title}</UserText>
          </Title>
          {isAuthor && ride.is_locked && (
            <Badge
              color="gray"
              variant="light"
              leftSection={<IconLock size={14} aria-hidden />}
              style={{ flex: 'none' }}
            >
              {t('trip.locked')}
            </Badge>
          )}
          {edit.lock}
          {/* The trip's people and "Share and invite" (issue 33): signed-in readers only, loaded after the page. */}
          {signedIn && (
            <Suspense fallback={null}>
              <TripPeople rideId={ride.id} />
            </Suspense>
          )}
          <div style={{ flex: 'none', marginInlineStart: 'auto' }}>
            <Later>
              <TripLive rideId={ride.id} days={days} focused={mapFocus} />
              <TripExportMenu rideId={ride.id} title={ride.title} />
            </Later>
          </div>
        </Group>
        {(can.registrationLink || can.duplicate) && (
          <Group gap="xs" mt={6} wrap="wrap">
            <Suspense fallback={null}>
              <PlannerTripTools
                rideId={ride.id}
                registrationLink={can.registrationLink}
                duplicate={can.duplicate}
              />
            </Suspense>
          </Group>
        )}
        {tripPrivate && signedIn && header?.isAuthor === false && (
          <Suspense fallback={null}>
            <ClientCopyAction rideId={ride.id} />
          </Suspense>
        )}
      </header>

      <TripSubNav
        rideId={ride.id}
        action={
          shareable ? (
            <Button
              variant="light"
              size="compact-md"
              leftSection={<IconShare size={16} aria-hidden />}
              onClick={() => setShare({ kind: 'trip' })}
              aria-haspopup="dialog"
            >
              {t('trip.share.button')}
            </Button>
          ) : tripPrivate && signedIn ? (
            <Suspense fallback={null}>
              <PrivateLinkAction rideId={ride.id} />
            </Suspense>
          ) : undefined
        }
      />
      <CopyAfterSignIn rideId={ride.id} isAuthor={signedIn ? header?.isAuthor : undefined} />
      {missingAttraction && (
        <Alert color="yellow" mt="md" role="status" withCloseButton={false}>
          {t('trip.attractionNotInTrip')}
        </Alert>
      )}

      {showBanner && (
        <Alert className={classes.banner} color="brand" variant="light" title={t('trip.copyBanner.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{signedIn ? t('trip.copyBanner.textSignedIn') : t('trip.copyBanner.text')}</Text>
            <CopyAndEditAction rideId={ride.id} />
          </Stack>
        </Alert>
      )}
      {can.lock && inherited.title && (
        <Later>
          <RenameCopyPrompt rideId={ride.id} className={classes.banner} />
        </Later>
      )}
      {/* A demo trip is for looking: it says so instead of inviting a copy the server would refuse. */}
      {can.demoNote && (
        <Alert className={classes.banner} color="gray" variant="light">
          <Text size="sm">{t('trip.copy.demo')}</Text>
        </Alert>
      )}

      <section className={classes.summary} aria-labelledby="trip-summary-heading">
        <VisuallyHidden>
          <h2 id="trip-summary-heading">{t('trip.summaryHeading')}</h2>
        </VisuallyHidden>
        {/* 000 §2: hidden for the trips the configuration names (SUMMARY_HIDDEN_RIDE_IDS); a phone keeps its map. */}
        <Stack gap="md">
          {!data.summaryHidden && (
            <>
              {start && end && (
                <Text className={classes.dates}>
                  <VisuallyHidden>{t('trip.datesLabel')} </VisuallyHidden>
                  {can.lock ? (
                    // The author: the dates open the trip information form (000 §2 "edit details").
                    <Link
                      to={paths.rideInformation(ride.id)}
                      title={t('trip.editDetails')}
                      style={{ color: 'inherit', textUnderlineOffset: '0.2em' }}
                    >
                      <bdi>{start}</bdi> – <bdi>{end}</bdi>
                      <VisuallyHidden> ({t('trip.editDetails')})</VisuallyHidden>
                    </Link>
                  ) : (
                    <>
                      <bdi>{start}</bdi> – <bdi>{end}</bdi>
                    </>
                  )}
                </Text>
              )}
              {author && <AuthorBlock info={author} />}
              {original && inherited.text && (
                <Later>
                  <InheritedNote original={original} />
                </Later>
              )}
              <RichText html={ride.text} />
              <SummaryTabs days={days} locations={locations} beforeJump={renderAll} />
            </>
          )}
          {/* One map at a time: in the summary on a phone, beside the days on a desktop (000 §9: phone below 768 px).
              CSS chooses, so the server's HTML is right for every screen; the hidden one never loads (TripMapShell). */}
          <div id="trip-map-small" className={classes.phoneOnly}>
            <TripMapArea
              points={points}
              focusDay={mapFocus}
              height={260}
              ariaLabel={t('trip.mapLabel')}
              onMarkerClick={onMarkerClick}
            />
          </div>
          {!data.summaryHidden && (
            <>
              {ride.rideExtraInformation.map((info) => (
                <section key={info.id} aria-labelledby={`trip-info-${info.id}`}>
                  <Title order={3} fz="lg" id={`trip-info-${info.id}`} mb={4} {...content}>
                    <UserText>{info.title}</UserText>
                  </Title>
                  {original && inherited.info.has(info.id) && (
                    <Later>
                      <InheritedNote original={original} />
                    </Later>
                  )}
                  <RichText html={info.text} />
                </section>
              ))}
              {edit.info}
            </>
          )}
        </Stack>
      </section>

      <div className={classes.columns}>
        <section aria-labelledby="trip-days-heading">
          <VisuallyHidden>
            <h2 id="trip-days-heading">{t('trip.daysHeading')}</h2>
          </VisuallyHidden>
          {(isAuthor || can.edit) && (
            <Group gap="xs" justify="space-between">
              <Suspense fallback={null}>
                <TripViewToggle rideId={ride.id} view="list" />
                {/* Bookings in (issue 34): an editor's; the button and its dialog load after the page. */}
                {can.edit && <AddBookings rideId={ride.id} />}
              </Suspense>
            </Group>
          )}
          {days.length > 0 && <DayChips count={days.length} focused={focused} onPick={scrollToDay} />}
          {days.slice(0, renderedDays).map((day, i) => (
            <DaySection
              key={i}
              day={day}
              previousDay={days[i - 1]}
              index={i}
              notes={notesByDay.get(i) ?? NO_NOTES}
              showAccommodationCard={firstNightDays.has(i)}
              onImage={setImage}
              onDetails={setDetails}
              rideId={ride.id}
              tripPrivate={tripPrivate}
              dayActions={edit.dayActions}
              attractionActions={edit.attractionActions}
              accommodationActions={edit.accommodationActions}
            />
          ))}
        </section>
        <aside className={classes.mapColumn} aria-label={t('trip.mapLabel')}>
          <div className={classes.mapSticky}>
            <div className={classes.mapTools}>
              <Button
                component={Link}
                to={paths.fullMap(ride.id, focused + 1)}
                variant="default"
                size="compact-sm"
                leftSection={<IconMaximize size={16} aria-hidden />}
              >
                {t('trip.fullMap.open', { number: focused + 1 })}
              </Button>
            </div>
            <TripMapArea
              points={points}
              focusDay={mapFocus}
              height="calc(100vh - 220px)"
              ariaLabel={t('trip.mapLabel')}
              onMarkerClick={onMarkerClick}
            />
          </div>
        </aside>
      </div>

      {started && (
        <Button
          component={Link}
          to={paths.fullMap(ride.id, focused + 1)}
          className={classes.floatingMap}
          aria-label={t('trip.openMapDay', { number: focused + 1 })}
          leftSection={<IconMap2 size={18} aria-hidden />}
          radius="xl"
        >
          {t('trip.openMap')}
        </Button>
      )}

      {/* Below everything, in its own chunk: after hydration (the server does not wait for lazy code). */}
      <Later>
        <TripBottomSections authorName={author?.name} subdomain={subdomain} />
      </Later>

      {image !== null && (
        <Suspense fallback={null}>
          <ImageViewer image={image} onClose={() => setImage(null)} />
        </Suspense>
      )}
      {/* The attraction route opens this at once: in the browser only (the server does not wait for lazy code).
          Later (ClientOnly), not useHydrated here: the hook re-renders its component synchronously after hydration, and
          this one is the whole page. */}
      {details !== null && (
        <Later>
          <AttractionDetailsModal
            attractionId={details}
            language={ride.language}
            title={titles.get(details) ?? ''}
            onClose={() => setDetails(null)}
            onShare={
              shareable
                ? () => {
                    setShare({ kind: 'attraction', id: details, title: titles.get(details) ?? '' });
                    setDetails(null);
                  }
                : undefined
            }
          />
        </Later>
      )}
      {share !== null && (
        <Suspense fallback={null}>
          <ShareModal
            kind={share.kind}
            url={shareUrl(
              window.location.origin,
              share.kind === 'trip' ? paths.trip(ride.id) : paths.tripAttraction(ride.id, share.id),
            )}
            title={share.kind === 'trip' ? ride.title : share.title}
            copyOnly={subdomain}
            onClose={() => setShare(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
