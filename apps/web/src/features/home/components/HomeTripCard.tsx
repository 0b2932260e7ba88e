import type { HomeRide } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImage, PLACEHOLDER_WIDE } from '../../../components/FallbackImage';
import hidden from '../../../components/VisuallyHidden.module.css';
import classes from './HomeTrips.module.css';
import { paths } from '../../../lib/paths';
import { UserText } from '../../../components/UserText';

/**
 * A home-page trip card (001 §2 Home: title, number of days and location), linking to the trip. Plain elements and
 * a CSS module: no component library code for a list below the fold. The picture is lazy, with its size given and
 * a fixed aspect ratio, so nothing moves when it arrives.
 */
export function HomeTripCard({ ride, size = 'md' }: { ride: HomeRide; size?: 'lg' | 'md' }) {
  const { t } = useTranslation();
  const lang = ride.language === 'english' ? 'en' : 'he';
  const titleId = `home-ride-${size}-${ride.id}`;
  return (
    <article className={classes.card} data-size={size} aria-labelledby={titleId} data-ride-id={ride.id}>
      <FallbackImage
        src={ride.rideImages[0]?.href ?? null}
        placeholder={PLACEHOLDER_WIDE}
        alt=""
        loading="lazy"
        decoding="async"
        width={size === 'lg' ? 640 : 480}
        height={size === 'lg' ? 400 : 300}
        className={classes.image}
      />
      <div className={classes.cardBody}>
        <h3 id={titleId} className={classes.cardTitle} lang={lang} dir={lang === 'en' ? 'ltr' : 'rtl'}>
          {/* The whole card is the link's target (a stretched ::after), with one accessible name. */}
          <Link to={paths.trip(ride.id)} className={classes.cardLink}>
            <UserText>{ride.title}</UserText>
          </Link>
        </h3>
        <p className={classes.meta}>
          <span className={classes.days}>
            {ride.duration === 1 ? t('home.trips.oneDay') : t('home.trips.days', { count: ride.duration })}
          </span>
          {ride.location && (
            <span className={classes.location}>
              <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={classes.pin}>
                <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
                <circle cx="12" cy="9.5" r="2.5" />
              </svg>
              <span className={hidden.visuallyHidden}>{t('home.trips.location')} </span>
              <UserText>{ride.location}</UserText>
            </span>
          )}
        </p>
      </div>
    </article>
  );
}
