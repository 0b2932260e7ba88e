import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconBed, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DirectionsStop } from '@rides/contract';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import {
  recentTrips,
  restoreScroll,
  SAVED_TRIPS_CHANGED,
  type SavedDay,
  type SavedTrip,
} from '../../cache/trip-cache';
import { useConnectivity } from '../connectivity';
import { OFFLINE_PATH } from '../paths';
import { NavigationLinks } from '../../../../components/NavigationLinks';
import { usablePoint } from '../../../../lib/navigation';
import { RichText } from '../../../../components/RichText';
import { UserText } from '../../../../components/UserText';
import actions from '../../../../components/Actions.module.css';
import classes from '../components/Offline.module.css';
import { Tabs } from '../../../../components/Tabs/Tabs';
import { PATHS, paths } from '../../../../lib/paths';
import { toDisplayDate, toDisplayMoment } from '../../../../lib/display-date';
import { DayMapsLinks } from '../../export/components/DayMapsLinks';
import { offlineDayStops } from '../../export/lib/offline-day-stops';
import { withTexts } from '../../../../lib/i18n';
import { Later } from '../../../../components/Later';

// The trip's shared lists kept on this device (issue 33 point 5, decision 0066): ticked offline, sent when back.
const OfflineLists = lazy(withTexts(() => import('../../together/OfflineLists'), ['together', 'planningCodes']));
// The trip's costs kept on this device (issue 35 point 5): read as last seen, expenses added offline sent when back.
const OfflineCosts = lazy(withTexts(() => import('../../costs/OfflineCosts'), ['costs', 'moneyCodes']));

/** "09:30:00 AM" as "09:30 AM". */
const displayTime = (value: string | null) => value?.replace(/^(\d{1,2}:\d{2}):\d{2}/, '$1') ?? null;

/** Where we came from, when the controller opened this page on going offline (a path of this site). */
function fromPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== OFFLINE_PATH
    ? from
    : null;
}

/**
 * /offline_ride_view (002 §2.10, issue 3 item 7): the saved copy of the last viewed trips, newest first (five are
 * kept; a picker when there are more than one): banner, day tabs with activities and lodging, extra information and
 * navigation buttons. Coming back online (the online event or a verified connectivity check) returns to the trip
 * (or the page we left) and restores its scroll position; opened while online, it offers a button instead.
 */
export default function OfflineTripView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [trips, setTrips] = useState(() => recentTrips());
  // Signing out here removes the private trips: they leave the screen too.
  useEffect(() => {
    const reread = () => setTrips(recentTrips());
    window.addEventListener(SAVED_TRIPS_CHANGED, reread);
    return () => window.removeEventListener(SAVED_TRIPS_CHANGED, reread);
  }, []);
  const online = useConnectivity();

  const picked = params.get('ride');
  const trip = trips.find((x) => String(x.id) === picked) ?? trips[0];
  const from = fromPath(location.state);
  const backTo = trip && (picked !== null || !from) ? paths.trip(trip.id) : (from ?? '/');

  // Back online after being offline on this page: return (002 §4).
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    void navigate(backTo, { replace: true });
    restoreScroll(backTo);
  }, [online, navigate, backTo]);

  if (!trip) {
    return (
      <div className={classes.page}>
        <DocumentTitle title={t('offline.empty.title')} />
        <Stack align="flex-start" gap="md">
          <Title order={1}>{t('offline.empty.title')}</Title>
          <Text>{t('offline.empty.text')}</Text>
          <Button component={Link} to={PATHS.home}>
            {t('offline.empty.home')}
          </Button>
        </Stack>
      </div>
    );
  }

  const savedAt = toDisplayMoment(trip.savedAt, { time: true });

  return (
    <div className={classes.page}>
      <DocumentTitle title={trip.title} />
      <Stack gap="lg">
        <Alert
          color={online ? 'brand' : 'yellow'}
          variant="light"
          role="status"
          icon={online ? undefined : <IconWifiOff size={20} aria-hidden />}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={500}>
              {online ? t('offline.bannerOnline', { date: savedAt }) : t('offline.banner', { date: savedAt })}
            </Text>
            {online && (
              <Button
                size="compact-md"
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                onClick={() => {
                  void navigate(backTo, { replace: true });
                  restoreScroll(backTo);
                }}
              >
                {t('offline.backToLive')}
              </Button>
            )}
          </Group>
        </Alert>

        {trips.length > 1 && (
          <nav aria-labelledby="offline-saved-trips">
            <Text id="offline-saved-trips" size="sm" fw={600} mb={6}>
              {t('offline.savedTrips')}
            </Text>
            <Group gap="xs">
              {trips.map((x) => (
                <Button
                  key={x.id}
                  variant={x.id === trip.id ? 'filled' : 'default'}
                  aria-pressed={x.id === trip.id}
                  lang={x.language === 'english' ? 'en' : 'he'}
                  classNames={{ root: classes.pickerButton, label: classes.pickerLabel }}
                  onClick={() => setParams({ ride: String(x.id) }, { replace: true, state: location.state })}
                >
                  <UserText>{x.title}</UserText>
                </Button>
              ))}
            </Group>
          </nav>
        )}

        <SavedTripView key={trip.id} trip={trip} />
      </Stack>
    </div>
  );
}

function SavedTripView({ trip }: { trip: SavedTrip }) {
  const { t } = useTranslation();
  const [day, setDay] = useState('0');
  const english = trip.language === 'english';
  const start = toDisplayDate(trip.startDate);
  const end = toDisplayDate(trip.endDate);
  const notes = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const n of trip.dayNotes) map.set(n.dayIndex, [...(map.get(n.dayIndex) ?? []), n.text]);
    return map;
  }, [trip.dayNotes]);

  return (
    <article dir={english ? 'ltr' : 'rtl'} lang={english ? 'en' : 'he'}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>
            <UserText>{trip.title}</UserText>
          </Title>
          {start && end && (
            <Text c="dimmed">
              <bdi>{start}</bdi> – <bdi>{end}</bdi>
            </Text>
          )}
          <RichText html={trip.text} />
          <Group gap="xs" className={classes.kept}>
            <Later>
              <OfflineLists rideId={trip.id} />
            </Later>
            <Later>
              <OfflineCosts trip={trip} />
            </Later>
          </Group>
        </Stack>

        {trip.days.length > 0 && (
          <Tabs
            value={day}
            onChange={setDay}
            label={t('offline.daysLabel')}
            listClassName={classes.tabsList}
            tabs={trip.days.map((_, i) => ({
              value: String(i),
              label: t('offline.dayN', { number: i + 1 }),
              className: classes.tab,
            }))}
          >
            {trip.days[Number(day)] && (
              <DayPanel
                day={trip.days[Number(day)]!}
                stops={offlineDayStops(trip.days, Number(day))}
                index={Number(day)}
                notes={notes.get(Number(day)) ?? []}
              />
            )}
          </Tabs>
        )}

        {trip.extraInformation.length > 0 && (
          <section aria-labelledby="offline-extra">
            <Title order={2} fz="h3" id="offline-extra" mb="sm">
              {t('offline.extraInformation')}
            </Title>
            <Stack gap="md">
              {trip.extraInformation.map((info) => (
                <section key={info.id} aria-labelledby={`offline-info-${info.id}`}>
                  <Title order={3} fz="lg" id={`offline-info-${info.id}`} mb={4}>
                    <UserText>{info.title}</UserText>
                  </Title>
                  <RichText html={info.text} />
                </section>
              ))}
            </Stack>
          </section>
        )}
      </Stack>
    </article>
  );
}

function DayPanel({
  day,
  stops,
  index,
  notes,
}: {
  day: SavedDay;
  stops: DirectionsStop[];
  index: number;
  notes: string[];
}) {
  const { t } = useTranslation();
  const date = toDisplayDate(day.dateTime);
  const lodging = day.lodging;
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t('offline.dayN', { number: index + 1 })}
        {date && (
          <Text span c="dimmed" fz="md" fw={400}>
            {' · '}
            <bdi>{date}</bdi>
          </Text>
        )}
      </Title>
      <DayMapsLinks stops={stops} />
      {notes.length > 0 && (
        <Alert variant="light" color="gray" title={t('offline.dayNotes')}>
          {notes.map((n, i) => (
            <RichText key={i} html={n} />
          ))}
        </Alert>
      )}
      {day.attractions.length === 0 && <Text c="dimmed">{t('offline.noActivities')}</Text>}
      {day.attractions.map((a, i) => (
        <Card
          key={`${a.id}-${i}`}
          withBorder
          radius="md"
          padding="md"
          component="section"
          aria-labelledby={`offline-a-${index}-${i}`}
        >
          <Stack gap="xs">
            <Title order={3} fz="lg" id={`offline-a-${index}-${i}`}>
              <UserText>{a.title}</UserText>
            </Title>
            {(a.time || a.address) && (
              <Text size="sm" c="dimmed">
                {a.time && <bdi>{displayTime(a.time)}</bdi>}
                {a.time && a.address && ' · '}
                <UserText>{a.address}</UserText>
              </Text>
            )}
            <RichText html={a.text} />
            <PlaceNavigation lat={a.lat} lng={a.lng} name={a.title} />
          </Stack>
        </Card>
      ))}
      {lodging && (
        <Card
          withBorder
          radius="md"
          padding="md"
          bg="var(--mantine-color-brand-0)"
          component="section"
          aria-label={t('offline.lodgingLabel', { name: lodging.name })}
        >
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <IconBed size={20} aria-hidden />
              <Text fw={600} size="sm">
                {t('offline.lodging')}
              </Text>
            </Group>
            <Title order={3} fz="lg">
              <UserText>{lodging.name}</UserText>
            </Title>
            {(lodging.place || lodging.address) && (
              <Text size="sm" c="dimmed">
                <UserText>{lodging.place}</UserText>
                {lodging.place && lodging.address && ' · '}
                <UserText>{lodging.address}</UserText>
              </Text>
            )}
            {(toDisplayDate(lodging.checkIn) || toDisplayDate(lodging.checkOut)) && (
              <Text size="sm">
                {toDisplayDate(lodging.checkIn) && (
                  <>
                    {t('offline.checkIn')}: <bdi>{toDisplayDate(lodging.checkIn)}</bdi>
                  </>
                )}
                {toDisplayDate(lodging.checkIn) && toDisplayDate(lodging.checkOut) && ' · '}
                {toDisplayDate(lodging.checkOut) && (
                  <>
                    {t('offline.checkOut')}: <bdi>{toDisplayDate(lodging.checkOut)}</bdi>
                  </>
                )}
              </Text>
            )}
            {lodging.confirmation && (
              <Text size="sm">
                {t('offline.confirmation')}: <bdi>{lodging.confirmation}</bdi>
              </Text>
            )}
            <RichText html={lodging.text} />
            <PlaceNavigation lat={lodging.lat} lng={lodging.lng} name={lodging.name} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** Navigation links for a saved place, when it has a usable location. */
function PlaceNavigation({ lat, lng, name }: { lat: number; lng: number; name: string }) {
  const point = usablePoint(lat, lng);
  return point ? (
    <div className={actions.row}>
      <NavigationLinks point={point} name={name} />
    </div>
  ) : null;
}
