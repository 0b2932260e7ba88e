import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { FITS_COLOUR } from './add-activity-map-types';
import classes from './AddActivity.module.css';

/** 000 §2 "Map legend: activities already in the trip; activities fitting the selected day". */
export function MapLegend({ dayNumber }: { dayNumber: number }) {
  const { t } = useTranslation();
  return (
    <ul
      className={classes.legend}
      aria-label={t('addActivity.legend')}
      style={{ '--fits-bg': FITS_COLOUR.bg } as CSSProperties}
    >
      <li>
        <span className={classes.inTripMarker} style={{ inlineSize: 18, blockSize: 18 }} aria-hidden="true">
          ✓
        </span>
        {t('addActivity.legendInTrip')}
      </li>
      <li>
        <span className={classes.legendFits} aria-hidden="true" />
        {t('addActivity.legendFits', { number: dayNumber })}
      </li>
    </ul>
  );
}
