import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CountsMap, type CountPoint } from '../../../components/map';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useSearchPoints } from '../api/search-points';
import classes from './GlobalMap.module.css';

/** The trips near a point of the map: the trip search around it (001 §2 /search_ride). */
export const searchNear = (p: CountPoint) => `${PATHS.searchRide}?lat=${p.lat.toFixed(4)}&lng=${p.lng.toFixed(4)}`;

/**
 * /global_map (002 §2.1): every place where shared trips exist, on a map, with how many trips pass there; a point
 * opens the trip search around it. The points come from get_all_sertch_point.
 */
export default function GlobalMapPage({ withList = false }: { withList?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const points = useSearchPoints();
  const total = points.data?.reduce((n, p) => n + p.count, 0) ?? 0;
  return (
    <div className={classes.page}>
      <DocumentTitle title={t('globalMap.title')} />
      <Stack gap="sm" mb="md">
        <Title order={1}>{t('globalMap.title')}</Title>
        <Text c="dimmed">{t('globalMap.intro')}</Text>
      </Stack>
      {points.isError ? (
        <Alert color="red" role="alert" title={t(messageKey(errorCode(points.error)))}>
          <Button size="compact-md" variant="light" onClick={() => void points.refetch()} loading={points.isFetching}>
            {t('globalMap.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <p className={classes.summary} aria-live="polite">
            {points.data ? t('globalMap.summary', { count: points.data.length, trips: total }) : t('map.loading')}
          </p>
          <p className={classes.summary}>{t('globalMap.clusterHint')}</p>
          <CountsMap
            points={points.data ?? []}
            height={withList ? 360 : 'min(70vh, 640px)'}
            ariaLabel={t('globalMap.mapLabel')}
            markerLabel={(p) => (p.count === 1 ? t('globalMap.markerOne') : t('globalMap.marker', { count: p.count }))}
            clusterLabel={(places, trips) => t('globalMap.cluster', { places, trips })}
            onPick={(p) => void navigate(searchNear(p))}
          />
        </>
      )}
      {!withList && (
        <Button component={Link} to={PATHS.globalRides} variant="light" mt="md">
          {t('globalMap.allTrips')}
        </Button>
      )}
    </div>
  );
}
