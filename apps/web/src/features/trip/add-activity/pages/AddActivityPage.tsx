import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconArrowBack, IconPencilPlus } from '@tabler/icons-react';
import {
  ADD_POINT_CONFIRM_DELAY_MS,
  isPrivateRideWire,
  type ActivityResult,
  isolateUserText,
  editsTripContent,
} from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import {
  PlaceAutocomplete,
  type PickedPlace,
} from '../../../../components/PlaceAutocomplete/PlaceAutocomplete';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { openAppModal } from '../../../../lib/modal-controller';
import { PATHS } from '../../../../lib/paths';
import { newAttractionPath } from '../../../../lib/screen-paths';
import { dayCentre, nearestDayCentre, tripDayDates } from '../../data/trip-days';
import { useSession } from '../../../../lib/session-store';
import { isSubdomainMode } from '../../../../lib/subdomain';
import { showToast } from '../../../../lib/toast';
import { toDisplayDate } from '../../../../lib/format';
// The trip's reads, with the trip page's query keys: an addition invalidates both pages' copies at once.
import { useTripAttractions } from '../../data/trip-attractions';
import { useTripHeader } from '../../data/trip-header';
import { useActivitySearch } from '../api/activity-search';
import { useAttractionsNear } from '../api/trip-attractions-near';
import type { ActivityMapPoint } from '../components/add-activity-map-types';
import { ActivityMap } from '../components/ActivityMap';
import { AddFromLibrary } from '../components/AddFromLibrary';
import { CandidateList } from '../components/CandidateList';
import { CategoryCards } from '../components/CategoryCards';
import { MapLegend } from '../components/MapLegend';
import classes from '../components/AddActivity.module.css';
import { useAddActivity } from '../hooks/useAddActivity';
import { addActivitySearch, readAddActivity, type AddActivityState } from '../lib/add-params';
import { fromMaps, fromOurs, mergeCandidates, type Candidate } from '../lib/candidates';
import { paths } from '../../../../lib/paths';

const CandidateDetailsModal = lazy(() => import('../components/CandidateDetailsModal'));
const AddPointModal = lazy(() => import('../components/AddPointModal'));
const NO_RESULTS: ActivityResult[] = [];

/**
 * /add_new_attraction_to_ride?rideId=N&day=D (000 §2 "Add-activity page", title 'הוספת פעילות לטיול'): pick the day
 * and a place (the day's own places by default), see what is near it (our attractions from other trips and the
 * maps service's attractions, or restaurants), on a list and a map, and add one to that day.
 */
export default function AddActivityPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = useMemo(() => readAddActivity(params), [params]);
  if (state.rideId === null)
    return (
      <div className={classes.page}>
        <DocumentTitle title={t('addActivity.title')} />
        <h1 className={classes.title}>{t('addActivity.title')}</h1>
        <Alert color="yellow" mt="md" role="alert">
          {t('addActivity.noTrip')}
        </Alert>
      </div>
    );
  return <AddActivity state={state} rideId={state.rideId} />;
}

function AddActivity({ state, rideId }: { state: AddActivityState; rideId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const viewer = session?.token ?? null;
  const trip = useTripAttractions(rideId);
  const header = useTripHeader(rideId);
  const go = (next: Partial<AddActivityState>) =>
    navigate(addActivitySearch({ ...state, ...next }), { replace: true });

  const days = useMemo(() => trip.data?.attractionsByDay ?? [], [trip.data]);
  const dates = useMemo(() => (trip.data ? tripDayDates(trip.data) : null), [trip.data]);
  // A day beyond the trip (an old link after days were removed) falls back to the first day.
  const dayIndex = state.day !== null && state.day <= days.length ? state.day - 1 : 0;
  const dayNumber = dayIndex + 1;
  const date = dates?.[dayIndex] ?? null;

  const picked = state.lat !== null && state.lng !== null ? { lat: state.lat, lng: state.lng } : null;
  const dayPoint = useMemo(() => nearestDayCentre(days, dayIndex), [days, dayIndex]);
  const point = useMemo(() => picked ?? dayPoint, [picked?.lat, picked?.lng, dayPoint]); // eslint-disable-line react-hooks/exhaustive-deps
  const placeName = picked
    ? state.place || t('addActivity.thePlace')
    : dayCentre(days[dayIndex])
      ? t('addActivity.dayPlaces', { number: dayNumber })
      : '';

  const isAuthor = header.data?.isAuthor ?? false;
  // 000 §2, §6: a manager who authors the trip, and a sub-domain site, search the manager's own attractions instead.
  const managerMode = (isAuthor && session?.role === 'manager') || isSubdomainMode();
  const ours = useAttractionsNear(
    managerMode ? 'manager' : 'ours',
    rideId,
    point,
    viewer,
    trip.isSuccess && (managerMode || state.source === 'trips'),
  );
  const maps = useActivitySearch(
    rideId,
    point,
    state.category === 'restaurants' ? 'googleRestorant' : 'googleAttractions',
    viewer,
    trip.isSuccess && !managerMode && state.source === 'maps',
  );
  const candidates = useMemo(
    () =>
      mergeCandidates(
        managerMode || state.source === 'trips' ? (ours.data?.attractions ?? []).map(fromOurs) : [],
        managerMode || state.source === 'trips' ? [] : (maps.data?.attractions ?? NO_RESULTS).map(fromMaps),
      ),
    [managerMode, state.source, ours.data, maps.data],
  );

  const { add, adding } = useAddActivity(rideId);
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<{ ok: true; title: string } | { ok: false; code: string } | null>(
    null,
  );
  const [details, setDetails] = useState<Candidate | null>(null);
  const onAdd = (c: Candidate) => {
    setDetails(null);
    if (!session) {
      openAppModal('login');
      return;
    }
    if (!date) {
      setResult({ ok: false, code: 'ride_data_not_loaded' });
      return;
    }
    setResult(null);
    void add(c, date, (err) => setResult({ ok: false, code: errorCode(err) })).then((placed) => {
      if (!placed) return;
      setAdded((s) => new Set(s).add(c.key));
      setResult({ ok: true, title: c.title });
    });
  };
  const onShare = async (c: Candidate) => {
    const url = `${window.location.origin}${PATHS.attractionSearch}?lat=${c.lat}&lng=${c.lng}&place=${encodeURIComponent(c.title)}`;
    try {
      if (navigator.share) await navigator.share({ title: c.title, url });
      else {
        await navigator.clipboard.writeText(url);
        showToast({ message: t('addActivity.linkCopied'), color: 'green' });
      }
    } catch (err) {
      // The user closing the share sheet is not an error.
      if (!(err instanceof DOMException && err.name === 'AbortError'))
        showToast({ message: t('addActivity.linkCopyError'), color: 'red' });
    }
  };

  const inTrip = useMemo<ActivityMapPoint[]>(
    () =>
      days.flatMap((d) =>
        d.daily_attractions.map((a) => ({ id: `t-${a.id}`, lat: a.lat, lng: a.lng, label: a.title })),
      ),
    [days],
  );
  const mapResults = useMemo<ActivityMapPoint[]>(
    () => candidates.map((c) => ({ id: c.key, lat: c.lat, lng: c.lng, label: c.title })),
    [candidates],
  );
  const tripAttractionIds = useMemo(
    () => new Set(days.flatMap((d) => d.daily_attractions.map((a) => a.id))),
    [days],
  );
  const showCard = (key: string) => {
    const card = document.querySelector<HTMLElement>(`[data-candidate="${CSS.escape(key)}"]`);
    card?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    card?.focus({ preventScroll: true });
  };
  // 000 §2, §5: a click on a point with a place id asks whether to add it (after the spec's 100 ms). Every pin here is
  // a place that can be added, by its place id or by our attraction's id (mergeCandidates leaves out the others).
  const [confirmPoint, setConfirmPoint] = useState<Candidate | null>(null);
  const confirmTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(confirmTimer.current), []);
  const onMapPick = (key: string) => {
    showCard(key);
    const picked = candidates.find((c) => c.key === key);
    window.clearTimeout(confirmTimer.current);
    if (picked)
      confirmTimer.current = window.setTimeout(() => setConfirmPoint(picked), ADD_POINT_CONFIRM_DELAY_MS);
  };

  const tripTitle = trip.data?.ride.title ?? '';
  const searching =
    (ours.fetchStatus === 'fetching' && ours.isPending) ||
    (maps.fetchStatus === 'fetching' && maps.isPending);
  const failed = ours.isError ? ours.error : maps.isError ? maps.error : null;
  const notice = maps.data?.notice ?? null;

  let results;
  if (trip.isPending)
    results = (
      <p className={classes.prompt} role="status">
        {t('addActivity.loadingTrip')}
      </p>
    );
  else if (trip.isError)
    results = (
      <Alert color="red" role="alert">
        {t(messageKey(errorCode(trip.error)))}
      </Alert>
    );
  else if (!point)
    results = (
      <p className={classes.prompt} role="status">
        {t('addActivity.pickPlace')}
      </p>
    );
  else if (searching)
    results = (
      <p className={classes.prompt} role="status">
        {t('addActivity.searching')}
      </p>
    );
  else if (failed && candidates.length === 0)
    results = (
      <Alert color="red" role="alert">
        <Text size="sm">{t(messageKey(errorCode(failed)))}</Text>
        <Button
          size="compact-sm"
          mt="xs"
          variant="default"
          onClick={() => void Promise.all([ours.refetch(), maps.refetch()])}
        >
          {t('addActivity.retry')}
        </Button>
      </Alert>
    );
  else if (candidates.length === 0)
    results = (
      <p className={classes.prompt} role="status">
        {t('addActivity.empty', { place: isolateUserText(placeName) })}
      </p>
    );
  else
    results = (
      <CandidateList
        candidates={candidates}
        adding={adding}
        added={added}
        onAdd={onAdd}
        onDetails={setDetails}
        onShare={trip.data && !isPrivateRideWire(trip.data.ride) ? (c) => void onShare(c) : undefined}
        dayNumber={dayNumber}
      />
    );

  return (
    <div className={classes.page}>
      <DocumentTitle title={t('addActivity.title')} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <h1 className={classes.title}>{t('addActivity.title')}</h1>
          {tripTitle && (
            <Text c="dimmed" mt={4}>
              <bdi>{tripTitle}</bdi>
            </Text>
          )}
        </div>
        <Group gap="xs">
          {/* 000 §2: "a 'create new activity' button (author, not sub-domain)": the attraction editor (001 §2). The
              server lets an author create there on a base trip, or a manager on any of theirs (000 §6). */}
          {isAuthor &&
            !isSubdomainMode() &&
            (trip.data?.ride.is_based_ride || session?.role === 'manager') && (
              <Button
                component={Link}
                to={newAttractionPath(rideId, dayNumber)}
                variant="light"
                leftSection={<IconPencilPlus size={18} aria-hidden />}
              >
                {t('addActivity.createNew')}
              </Button>
            )}
          <Button
            component={Link}
            to={paths.trip(rideId)}
            variant="default"
            leftSection={<IconArrowBack size={18} aria-hidden />}
          >
            {t('addActivity.backToTrip')}
          </Button>
        </Group>
      </Group>

      {session && header.data && !editsTripContent(header.data) && !isSubdomainMode() && (
        <Alert color="yellow" mt="md" role="status">
          {t('uesr_is_not_authorize_to_edit_this_ride')}
        </Alert>
      )}
      {!session && (
        <Alert color="blue" mt="md" role="status">
          <Text size="sm">{t('addActivity.signInToAdd')}</Text>
          <Button size="compact-sm" mt="xs" onClick={() => openAppModal('login')}>
            {t('addActivity.signIn')}
          </Button>
        </Alert>
      )}

      <div className={classes.controls}>
        <PlaceBox
          key={`${state.lat},${state.lng}`}
          initial={state.lat !== null ? state.place : ''}
          near={dayPoint}
          onPick={(p) => go({ lat: p.lat, lng: p.lng, place: p.name })}
        />
        <NativeSelect
          label={t('addActivity.dayLabel')}
          value={String(dayNumber)}
          onChange={(e) => go({ day: Number(e.currentTarget.value), lat: null, lng: null, place: '' })}
          data={days.map((_, i) => {
            const shown = dates?.[i] ? toDisplayDate(dates[i]) : null;
            return {
              value: String(i + 1),
              label: shown
                ? t('addActivity.dayOption', { number: i + 1, date: shown })
                : t('addActivity.dayOptionNoDate', { number: i + 1 }),
            };
          })}
          disabled={days.length === 0}
        />
      </div>

      {/* A manager authoring the trip may also add any attraction of their library, wherever it is (issue 22). */}
      {session && isAuthor && session.role === 'manager' && trip.isSuccess && (
        <AddFromLibrary
          viewer={session.token}
          dayNumber={dayNumber}
          inTrip={tripAttractionIds}
          added={added}
          adding={adding?.startsWith('at:') === true}
          onAdd={onAdd}
        />
      )}
      {!managerMode && <CategoryCards source={state.source} category={state.category} onChange={go} />}

      <div aria-live="polite">
        {result?.ok === true && (
          <Alert color="green" mb="md" role="status" title={t('addActivity.addedTitle')}>
            <Text size="sm">
              {t('addActivity.added', { title: isolateUserText(result.title), number: dayNumber })}
            </Text>
            <Anchor component={Link} to={paths.trip(rideId, dayNumber)} size="sm">
              {t('addActivity.seeOnTrip')}
            </Anchor>
          </Alert>
        )}
        {result?.ok === false && (
          <Alert color="red" mb="md" role="alert" title={t('addActivity.addFailed')}>
            {t(messageKey(result.code))}
          </Alert>
        )}
      </div>
      {notice && (
        <Text size="sm" c="dimmed" mb="sm">
          {t(notice)}
        </Text>
      )}

      <div className={classes.layout}>
        <section aria-labelledby="add-activity-results">
          <h2 id="add-activity-results" style={{ marginBlock: '0 12px', fontSize: '1.25rem' }}>
            {placeName
              ? t('addActivity.resultsNear', { place: isolateUserText(placeName) })
              : t('addActivity.results')}
          </h2>
          {results}
        </section>
        <div className={classes.mapColumn}>
          <MapLegend dayNumber={dayNumber} />
          <ActivityMap
            inTrip={inTrip}
            results={mapResults}
            center={point}
            onPick={onMapPick}
            resultLabel={(p, i) => t('addActivity.marker', { number: i + 1, title: p.label })}
            className={classes.map}
            height="var(--activity-map-height)"
            ariaLabel={t('addActivity.mapLabel')}
          />
        </div>
      </div>

      {confirmPoint && (
        <Suspense fallback={null}>
          <AddPointModal
            candidate={confirmPoint}
            dayLabel={
              date
                ? t('addActivity.dayOption', { number: dayNumber, date: toDisplayDate(date) })
                : t('addActivity.dayOptionNoDate', { number: dayNumber })
            }
            canAdd={!confirmPoint.inRide && !added.has(confirmPoint.key)}
            onAdd={() => {
              setConfirmPoint(null);
              onAdd(confirmPoint);
            }}
            onClose={() => setConfirmPoint(null)}
          />
        </Suspense>
      )}
      {details && (
        <Suspense fallback={null}>
          <CandidateDetailsModal
            candidate={details}
            onClose={() => setDetails(null)}
            onAdd={() => onAdd(details)}
            canAdd={!details.inRide && !added.has(details.key)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The place box keeps what is typed (nothing typed is lost); the page remounts it when the address changes. */
function PlaceBox({
  initial,
  near,
  onPick,
}: {
  initial: string;
  near: { lat: number; lng: number } | null;
  onPick: (p: PickedPlace) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  return (
    <PlaceAutocomplete
      value={text}
      onChange={setText}
      onPick={onPick}
      label={t('addActivity.placeLabel')}
      placeholder={t('addActivity.placeholder')}
      near={near}
    />
  );
}
