import { useTranslation } from 'react-i18next';
import { isSubdomainMode } from '../../../../lib/subdomain';
import classes from './Trip.module.css';

const SIZE = 15;
/** Tabler's filled star (MIT), drawn once per row here rather than as five icon components (cards render by the dozen). */
const STAR = 'M8.243 7.34l-6.38 .925l-.113 .023a1 1 0 0 0 -.44 1.684l4.622 4.499l-1.09 6.355l-.013 .11a1 1 0 0 0 1.464 .944l5.706 -3l5.693 3l.1 .046a1 1 0 0 0 1.352 -1.1l-1.091 -6.355l4.624 -4.5l.078 -.085a1 1 0 0 0 -.633 -1.62l-6.38 -.926l-2.852 -5.78a1 1 0 0 0 -1.794 0l-2.853 5.78z';

function StarRow() {
  return (
    <svg width={SIZE * 5} height={SIZE} viewBox="0 0 120 24" aria-hidden focusable="false">
      {[0, 24, 48, 72, 96].map((x) => (
        <path key={x} d={STAR} transform={`translate(${x} 0)`} fill="currentColor" />
      ))}
    </svg>
  );
}

/**
 * A read-only rating out of 5, drawn to 0.01 (000 §9: step 0.01, size 15): five grey stars with the gold ones
 * clipped to the exact share, read as one image with a text. Hidden in white-label sub-domain mode (000 §2).
 */
export function Stars({ value }: { value: number | null }) {
  const { t } = useTranslation();
  if (value === null || !Number.isFinite(value) || value <= 0 || isSubdomainMode()) return null;
  const rate = Math.min(Math.max(value, 0), 5);
  return (
    <span className={classes.stars} role="img" aria-label={t('trip.rating', { value: rate.toFixed(1) })}>
      <span className={classes.starsBase}>
        <StarRow />
      </span>
      <span className={classes.starsFill} style={{ inlineSize: `${(rate / 5) * 100}%` }}>
        <StarRow />
      </span>
    </span>
  );
}
