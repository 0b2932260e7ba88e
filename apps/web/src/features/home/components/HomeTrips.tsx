import type { HomeRidesResponse } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { openAppModal } from '../../../lib/modal-controller';
import { useSession } from '../../../lib/session-store';
import { HomeTripCard } from './HomeTripCard';
import { LatestCarousel } from './LatestCarousel';
import classes from './HomeTrips.module.css';

/**
 * The home page's trips (001 §2 Home): the three featured, the recommended grid, the latest shared trips carousel,
 * and, for a visitor (whose list of trips is empty), "Log in to get started!". Its own chunk, loaded when the
 * reader nears it (HomeTripsSection), so none of this is in the page's first load.
 */
export default function HomeTrips({ data }: { data: HomeRidesResponse }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      {!session && (
        <div className={classes.getStarted} role="note">
          <p className={classes.getStartedText}>{t('home.trips.loginToStart')}</p>
          <button type="button" className={classes.getStartedButton} onClick={() => openAppModal('login')}>
            {t('home.trips.login')}
          </button>
        </div>
      )}
      {data.featured.length > 0 && (
        <section aria-labelledby="featured-title" className={classes.block}>
          <h2 id="featured-title" className={classes.title}>
            {t('home.trips.featured')}
          </h2>
          <ul className={classes.featured}>
            {data.featured.map((ride) => (
              <li key={ride.id} className={classes.item}>
                <HomeTripCard ride={ride} size="lg" />
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.recommended.length > 0 && (
        <section aria-labelledby="recommended-title" className={classes.block}>
          <h2 id="recommended-title" className={classes.title}>
            {t('home.trips.recommended')}
          </h2>
          <ul className={classes.grid}>
            {data.recommended.map((ride) => (
              <li key={ride.id} className={classes.item}>
                <HomeTripCard ride={ride} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.latest.length > 0 && (
        <div className={classes.block}>
          <h2 id="latest-title" className={classes.title}>
            {t('home.latest.title')}
          </h2>
          <LatestCarousel rides={data.latest} />
        </div>
      )}
    </>
  );
}
