import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { TripMap } from '../../../../components/map';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { ApiError, errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { paths } from '../../../../lib/paths';
import { useTripAttractions } from '../../data/trip-attractions';
import { TripLoadError, TripNotFound } from '../../../../components/TripStatus';
import { tripContentLanguage } from '../../../../lib/content-language';
import { parseId } from '../../../../lib/format';
import { tripPoints } from '../lib/points';
import classes from './FullScreenMapPage.module.css';
import { UserText } from '../../../../components/UserText';

/**
 * /full_screen_single_ride_map/:rideId/:dayId (000 §2): the trip's map over the whole viewport, fitted to one day.
 *
 * `dayId` is the 1-based day number, as the page says it ("day 3" is /…/3); 0, non-numbers and days past the end
 * show a notice with the list of days (and the whole trip on the map). The chips switch day by replacing the URL;
 * "back" returns to the trip page at the day shown (?day=N, read once by the trip page).
 * Rendered outside the site layout (no header/footer), so it has its own <main>.
 */
export default function FullScreenMapPage() {
  const params = useParams();
  const rideId = parseId(params.rideId);
  const rides = useTripAttractions(rideId);
  const { t } = useTranslation();

  if (rideId === null) return <Main><TripNotFound /></Main>;
  if (rides.isPending)
    return (
      <Main>
        <Center h="100dvh" role="status" aria-label={t('trip.loading')}>
          <Loader />
        </Center>
      </Main>
    );
  if (rides.isError) {
    const error = rides.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <Main><TripNotFound /></Main>;
    // A private trip this reader may not open: the private landing explains it (001 §2).
    if (error instanceof ApiError && error.status === 403) return <Navigate to={paths.privateLanding(rideId)} replace />;
    return (
      <Main>
        <TripLoadError messageKey={messageKey(errorCode(error))} onRetry={() => void rides.refetch()} retrying={rides.isFetching} />
      </Main>
    );
  }
  return <FullMap rideId={rideId} dayParam={params.dayId} data={rides.data} />;
}

function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1}>
      {children}
    </main>
  );
}

/** The 1-based day of the address, or null when it is not a day of this trip. */
function parseDay(value: string | undefined, dayCount: number): number | null {
  if (!value || !/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= dayCount ? n : null;
}

function FullMap({ rideId, dayParam, data }: { rideId: number; dayParam: string | undefined; data: NonNullable<ReturnType<typeof useTripAttractions>['data']> }) {
  const { t, i18n } = useTranslation();
  const days = data.attractionsByDay;
  const day = parseDay(dayParam, days.length);
  const points = useMemo(() => tripPoints(days), [days]);
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const BackIcon = rtl ? IconArrowRight : IconArrowLeft;
  const chipsRef = useRef<HTMLElement>(null);

  // Keep the current day's chip in view.
  useEffect(() => {
    chipsRef.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [day]);

  const title = day ? t('trip.fullMap.documentTitle', { title: data.ride.title, number: day }) : data.ride.title;
  return (
    <main id="main" tabIndex={-1} className={classes.page}>
      <DocumentTitle title={title} />
      <div className={classes.bar}>
        <div className={classes.top}>
          <Button
            component={Link}
            to={paths.trip(rideId, day ?? undefined)}
            variant="default"
            size="sm"
            leftSection={<BackIcon size={18} aria-hidden />}
            style={{ flex: 'none' }}
          >
            {t('trip.fullMap.back')}
          </Button>
          {/* The interface is the user's language; the trip's title is in the trip's (decision 0042). */}
          <h1 className={classes.title} {...tripContentLanguage(data.ride.language)}>
            <UserText>{data.ride.title}</UserText>
          </h1>
        </div>
        {days.length > 0 && (
          <nav className={classes.chips} aria-label={t('trip.daysNav')} ref={chipsRef}>
            {days.map((_, i) => (
              <Link
                key={i}
                to={paths.fullMap(rideId, i + 1)}
                replace
                className={classes.chip}
                aria-current={day === i + 1 ? 'page' : undefined}
              >
                {t('trip.dayN', { number: i + 1 })}
              </Link>
            ))}
          </nav>
        )}
      </div>
      {day === null && (
        <Alert color="yellow" role="status" className={classes.notice}>
          {t('trip.fullMap.badDay')}
        </Alert>
      )}
      <div className={classes.map}>
        <TripMap
          points={points}
          focusDay={day === null ? undefined : day - 1}
          showRoute
          height="100%"
          className={classes.mapFill}
          ariaLabel={day ? t('trip.fullMap.mapLabelDay', { number: day }) : t('trip.mapLabel')}
        />
      </div>
    </main>
  );
}
