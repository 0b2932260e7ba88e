import { lazy, Suspense } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { HomeRidesResponse } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { useNearViewport } from '../../../lib/use-near-viewport';
import classes from './HomeTripsSection.module.css';

const HomeTrips = lazy(() => import('./HomeTrips'));

/**
 * Where the home page's trips go. Below the fold: a box of about their height holds the place (no layout shift on
 * a first view), and their code is fetched when the reader comes within 300 px of it. The answer itself was asked
 * for as the page mounted (HomePage), so it is usually there by then.
 */
export function HomeTripsSection({ query }: { query: UseQueryResult<HomeRidesResponse> }) {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = (
    <p className={classes.status} role="status">
      {t('home.trips.loading')}
    </p>
  );
  let body;
  if (query.isError)
    body = (
      <div className={classes.error} role="alert">
        <p>{t(messageKey(errorCode(query.error)))}</p>
        <button type="button" className={classes.retry} onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('home.trips.retry')}
        </button>
      </div>
    );
  else if (!near || !query.data) body = placeholder;
  else
    body = (
      <Suspense fallback={placeholder}>
        <HomeTrips data={query.data} />
      </Suspense>
    );
  return (
    <div id="trips" ref={ref} className={classes.section} data-ready={near && !!query.data}>
      <div className={classes.inner}>{body}</div>
    </div>
  );
}
