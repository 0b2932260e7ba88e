import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconLock, IconMap2 } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT, type RideAttractionsResponse, type RideHeaderResponse, type UserInfo } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { ApiError, errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { openAppModal } from '../../../lib/modal-controller';
import { useSession } from '../../../lib/session-store';
import { useRideAttractions } from '../api/ride-attractions';
import { useRideHeader } from '../api/ride-header';
import { useUserInfoFromRide } from '../api/user-info-from-ride';
import { AuthorBlock } from '../components/AuthorBlock';
import { DayChips } from '../components/DayChips';
import { DaySection } from '../components/DaySection';
import { ImageViewer } from '../components/ImageViewer';
import { RichText } from '../components/RichText';
import { SummaryTabs } from '../components/SummaryTabs';
import { TripMapArea } from '../components/TripMapArea';
import { TripLoadError, TripNotFound, TripPrivate } from '../components/TripStatus';
import { TripSkeleton } from '../components/TripSkeleton';
import classes from '../components/Trip.module.css';
import { useFocusedDay } from '../hooks/useFocusedDay';
import { useTripLanguage } from '../hooks/useTripLanguage';
import { parseId, toDisplayDate } from '../lib/format';
import { firstNights, tripPoints } from '../lib/points';

const AttractionDetailsModal = lazy(() => import('../components/AttractionDetailsModal'));

const PRIVATE = 'user_does_not_have_permission_to_this_private_ride';

/**
 * The trip page, /single_ride_with_map/:rideId (000 §2), and /single_ride_with_map_attraction/:rideId/:attractionId,
 * which opens that attraction's details once on load. The three reads run in parallel; the page renders as soon as
 * the trip itself arrives (the author block and the header's author check fill in when theirs do).
 */
export default function TripPage() {
  const params = useParams();
  const rideId = parseId(params.rideId);
  const session = useSession();
  const rides = useRideAttractions(rideId);
  const header = useRideHeader(rideId);
  const author = useUserInfoFromRide(rideId);
  useTripLanguage(rideId, rides.data?.ride.language);

  if (rideId === null) return <TripNotFound />;
  if (rides.isPending) return <TripSkeleton />;
  if (rides.isError) {
    const error = rides.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <TripNotFound />;
    if (error instanceof ApiError && (error.status === 403 || error.code === PRIVATE))
      return <TripPrivate signedIn={session !== null} />;
    return (
      <TripLoadError
        messageKey={messageKey(errorCode(error))}
        onRetry={() => void rides.refetch()}
        retrying={rides.isFetching}
      />
    );
  }
  return (
    <TripView
      key={rideId}
      data={rides.data}
      header={header.data}
      author={author.data?.userInfo}
      signedIn={session !== null}
      attractionId={params.attractionId === undefined ? undefined : parseId(params.attractionId)}
    />
  );
}

interface TripViewProps {
  data: RideAttractionsResponse;
  header: RideHeaderResponse | undefined;
  author: UserInfo | undefined;
  signedIn: boolean;
  /** From the attraction route: undefined on the plain trip page, null for an id that is not a number. */
  attractionId: number | null | undefined;
}

function TripView({ data, header, author, signedIn, attractionId }: TripViewProps) {
  const { t } = useTranslation();
  const { ride, attractionsByDay: days, highLevelRideLocations: locations } = data;
  const isAuthor = header?.isAuthor ?? false;
  const { focused, started, scrollToDay } = useFocusedDay(days.length);
  const points = useMemo(() => tripPoints(days), [days]);
  const firstNightDays = useMemo(() => firstNights(days), [days]);
  // One map at a time: beside the days on a desktop, in the summary on a phone (000 §9: phone below 768 px).
  const desktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT}px)`, true, { getInitialValueInEffect: false });
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
    attractionId != null && titles.has(attractionId) ? attractionId : null,
  );
  const missingAttraction = attractionId !== undefined && (attractionId === null || !titles.has(attractionId));

  // The day chips sit under the sticky trip header, whose height depends on the title's length.
  const pageRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = headerRef.current;
    const page = pageRef.current;
    if (!el || !page || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => page.style.setProperty('--trip-header-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const start = toDisplayDate(ride.start_date);
  const end = toDisplayDate(ride.end_date);
  const notesByDay = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const n of ride.rideExtraInformationByDay) map.set(n.dayIndex, [...(map.get(n.dayIndex) ?? []), n.text]);
    return map;
  }, [ride.rideExtraInformationByDay]);

  const showBanner = header !== undefined && !isAuthor && !ride.is_locked;

  return (
    <div className={classes.page} ref={pageRef} lang={ride.language === 'english' ? 'en' : 'he'}>
      <DocumentTitle title={ride.title} />
      <header className={classes.header} ref={headerRef}>
        <Group gap="sm" wrap="nowrap" align="center">
          <Title order={1} className={classes.title}>
            {ride.title}
          </Title>
          {isAuthor && ride.is_locked && (
            <Badge color="gray" variant="light" leftSection={<IconLock size={14} aria-hidden />} style={{ flex: 'none' }}>
              {t('trip.locked')}
            </Badge>
          )}
        </Group>
      </header>

      {missingAttraction && (
        <Alert color="yellow" mt="md" role="status" withCloseButton={false}>
          {t('trip.attractionNotInTrip')}
        </Alert>
      )}

      {showBanner && (
        <Alert className={classes.banner} color="brand" variant="light" title={t('trip.copyBanner.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{signedIn ? t('trip.copyBanner.textSignedIn') : t('trip.copyBanner.text')}</Text>
            {!signedIn && (
              <Button size="compact-md" onClick={() => openAppModal('login')}>
                {t('trip.copyBanner.action')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      <section className={classes.summary} aria-labelledby="trip-summary-heading">
        <VisuallyHidden>
          <h2 id="trip-summary-heading">{t('trip.summaryHeading')}</h2>
        </VisuallyHidden>
        <Stack gap="md">
          {start && end && (
            <Text className={classes.dates}>
              <VisuallyHidden>{t('trip.datesLabel')} </VisuallyHidden>
              <bdi>{start}</bdi> – <bdi>{end}</bdi>
            </Text>
          )}
          {author && <AuthorBlock info={author} />}
          <RichText html={ride.text} />
          <SummaryTabs days={days} locations={locations} />
          {!desktop && (
            <div id="trip-map-small">
              <TripMapArea points={points} focusDay={mapFocus} height={260} ariaLabel={t('trip.mapLabel')} onMarkerClick={onMarkerClick} />
            </div>
          )}
          {ride.rideExtraInformation.map((info) => (
            <section key={info.id} aria-labelledby={`trip-info-${info.id}`}>
              <Title order={3} fz="lg" id={`trip-info-${info.id}`} mb={4}>
                {info.title}
              </Title>
              <RichText html={info.text} />
            </section>
          ))}
        </Stack>
      </section>

      <div className={classes.columns}>
        <section aria-labelledby="trip-days-heading">
          <VisuallyHidden>
            <h2 id="trip-days-heading">{t('trip.daysHeading')}</h2>
          </VisuallyHidden>
          {days.length > 0 && <DayChips count={days.length} focused={focused} onPick={scrollToDay} />}
          {days.map((day, i) => (
            <DaySection
              key={i}
              day={day}
              index={i}
              notes={notesByDay.get(i) ?? []}
              showAccommodationCard={firstNightDays.has(i)}
              onImage={setImage}
              onDetails={setDetails}
            />
          ))}
        </section>
        {desktop && (
          <aside className={classes.mapColumn} aria-label={t('trip.mapLabel')}>
            <div className={classes.mapSticky}>
              <TripMapArea
                points={points}
                focusDay={mapFocus}
                height="calc(100vh - 220px)"
                ariaLabel={t('trip.mapLabel')}
                onMarkerClick={onMarkerClick}
              />
            </div>
          </aside>
        )}
      </div>

      {started && !desktop && (
        <Button
          component="a"
          href="#trip-map-small"
          className={classes.floatingMap}
          leftSection={<IconMap2 size={18} aria-hidden />}
          radius="xl"
        >
          {t('trip.openMap')}
        </Button>
      )}

      <ImageViewer image={image} onClose={() => setImage(null)} />
      {details !== null && (
        <Suspense fallback={null}>
          <AttractionDetailsModal
            attractionId={details}
            language={ride.language}
            title={titles.get(details) ?? ''}
            onClose={() => setDetails(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

