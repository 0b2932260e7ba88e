import classes from './RouteIllustration.module.css';

/** A decorative map card: a route through the days of a trip. Hidden from assistive technology. */
export function RouteIllustration() {
  return (
    <svg className={classes.svg} viewBox="0 0 480 360" aria-hidden="true" focusable="false">
      <rect x="8" y="8" width="464" height="344" rx="28" className={classes.card} />
      <path
        d="M60 288 C 120 250, 90 170, 180 160 S 300 210, 330 130 S 420 70, 440 60"
        className={classes.road}
      />
      <path
        d="M60 288 C 120 250, 90 170, 180 160 S 300 210, 330 130 S 420 70, 440 60"
        className={classes.route}
      />
      <path d="M40 96 q 40 -30 80 0 t 80 0" className={classes.contour} />
      <path d="M250 300 q 40 -30 80 0 t 80 0" className={classes.contour} />
      <circle cx="380" cy="250" r="34" className={classes.lake} />
      {[
        [60, 288, '1'],
        [180, 160, '2'],
        [330, 130, '3'],
        [436, 62, '4'],
      ].map(([x, y, n]) => (
        <g key={n} transform={`translate(${x} ${y})`}>
          <circle r="20" className={classes.pin} />
          <text y="6" textAnchor="middle" className={classes.pinText}>
            {n}
          </text>
        </g>
      ))}
      <g transform="translate(92 206)">
        <rect x="-26" y="-18" width="52" height="36" rx="10" className={classes.bed} />
        <path d="M-14 6 v-12 h28 v12 M-14 0 h28" className={classes.bedIcon} />
      </g>
    </svg>
  );
}
