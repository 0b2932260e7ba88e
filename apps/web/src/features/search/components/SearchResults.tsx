import { Button, Skeleton, Text, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useGlobalTrips, type TripsFilter } from '../../../lib/global-trips';
import { LoadError } from './LoadError';
import { TripResultCard } from './TripResultCard';
import classes from './Search.module.css';

/** Placeholders of the cards' size while the list loads (no jump when it arrives). */
export function ResultsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={classes.grid} role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className={classes.card} aria-hidden>
          <Skeleton className={classes.carousel} radius={0} />
          <div className={classes.cardBody}>
            <Skeleton height={24} width="70%" />
            <Skeleton height={18} width="50%" mt="sm" />
            <Skeleton height={14} mt="md" />
            <Skeleton height={14} mt={6} />
            <Skeleton height={14} mt={6} width="80%" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The trips of a search: loading placeholders, an error with a retry, `sorry_we_dont_have_this_ride` when none,
 * else the cards (and "more" when the server has another page).
 */
export function SearchResults({ filter, heading }: { filter: TripsFilter; heading: string }) {
  const { t } = useTranslation();
  const rides = useGlobalTrips(filter);
  const list = rides.data?.pages.flatMap((p) => p.rides) ?? [];

  let body;
  if (rides.isPending) body = <ResultsSkeleton />;
  else if (rides.isError && list.length === 0)
    body = <LoadError error={rides.error} onRetry={() => void rides.refetch()} retrying={rides.isFetching} />;
  else if (list.length === 0)
    body = (
      <div className={classes.empty} role="status">
        <IconMoodSad aria-hidden size={40} stroke={1.4} />
        <Text fw={600} fz="lg">
          {t('sorry_we_dont_have_this_ride')}
        </Text>
        <Text c="dimmed">{filter.mobility ? t('search.emptyMobilityHint') : t('search.emptyHint')}</Text>
      </div>
    );
  else
    body = (
      <>
        <div className={classes.grid}>
          {list.map((ride) => (
            <TripResultCard key={ride.id} ride={ride} />
          ))}
        </div>
        {rides.hasNextPage && (
          <div className={classes.more}>
            <Button
              variant="default"
              onClick={() => void rides.fetchNextPage()}
              loading={rides.isFetchingNextPage}
            >
              {t('search.more')}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <section
      aria-labelledby="search-results-title"
      className={classes.results}
      aria-busy={rides.isFetching || undefined}
    >
      <Title order={2} id="search-results-title" className={classes.resultsTitle}>
        {heading}
        {!rides.isPending && !rides.isError && list.length > 0 && (
          <span className={classes.resultsCount}>{` (${list.length}${rides.hasNextPage ? '+' : ''})`}</span>
        )}
      </Title>
      {body}
    </section>
  );
}
