import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSubdomainMode } from '../../../lib/subdomain';
import classes from './Trip.module.css';

const SIZE = 15;

/**
 * A read-only rating out of 5, drawn to 0.01 (000 §9: step 0.01, size 15): five grey stars with the gold ones
 * clipped to the exact share. Cheaper than an input per fraction, and read as one image with a text.
 * Hidden in white-label sub-domain mode (000 §2: "ratings ... are hidden").
 */
export function Stars({ value }: { value: number | null }) {
  const { t } = useTranslation();
  if (value === null || !Number.isFinite(value) || value <= 0 || isSubdomainMode()) return null;
  const rate = Math.min(Math.max(value, 0), 5);
  const row = Array.from({ length: 5 }, (_, i) => <IconStarFilled key={i} size={SIZE} aria-hidden />);
  return (
    <span className={classes.stars} role="img" aria-label={t('trip.rating', { value: rate.toFixed(1) })}>
      <span className={classes.starsBase}>{row}</span>
      <span className={classes.starsFill} style={{ inlineSize: `${(rate / 5) * 100}%` }}>
        {row}
      </span>
    </span>
  );
}
