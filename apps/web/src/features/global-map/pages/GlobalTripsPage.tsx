import { Alert, Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { useGlobalTrips } from '../../../lib/global-trips';
import GlobalMapPage from './GlobalMapPage';
import classes from './GlobalMap.module.css';
import { paths } from '../../../lib/paths';
import { toDisplayDate } from '../../../lib/format';

/** No point and no filter: every shared trip, newest first. */
const EVERY_RIDE = { lat: null, lng: null, mobility: false };

/** /global_rides (002 §2.1): the map of where trips exist, then every shared trip, newest first, a page at a time. */
export default function GlobalTripsPage() {
  const { t } = useTranslation();
  const rides = useGlobalTrips(EVERY_RIDE);
  const list = rides.data?.pages.flatMap((p) => p.rides) ?? [];
  return (
    <>
      <GlobalMapPage withList />
      <section className={classes.page} aria-labelledby="all-trips-heading">
        <Title order={2} id="all-trips-heading" fz="xl">
          {t('globalMap.allTrips')}
        </Title>
        {rides.isError && (
          <Alert color="red" role="alert" mt="sm" title={t(messageKey(errorCode(rides.error)))}>
            <Button size="compact-md" variant="light" onClick={() => void rides.refetch()} loading={rides.isFetching}>
              {t('globalMap.retry')}
            </Button>
          </Alert>
        )}
        {rides.isSuccess && list.length === 0 && <Text mt="sm">{t('globalMap.empty')}</Text>}
        <ul className={classes.list}>
          {list.map((r) => (
            <li key={r.id} className={classes.item} lang={r.language === 'english' ? 'en' : 'he'}>
              <Link to={paths.trip(r.id)} className={classes.itemTitle} dir="auto">
                {r.title}
              </Link>
              <Text size="sm" c="dimmed">
                {r.duration === 1 ? t('globalMap.oneDay') : t('globalMap.days', { count: r.duration })} · <bdi>{toDisplayDate(r.start_date)}</bdi> – <bdi>{toDisplayDate(r.end_date)}</bdi>
              </Text>
            </li>
          ))}
        </ul>
        {rides.hasNextPage && (
          <Button mt="md" variant="default" onClick={() => void rides.fetchNextPage()} loading={rides.isFetchingNextPage}>
            {t('globalMap.more')}
          </Button>
        )}
      </section>
    </>
  );
}
