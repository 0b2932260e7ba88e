import { Group } from '@mantine/core';
import type { MonthlyUse } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { chartMax } from '../lib/planner-usage-rules';
import classes from './DeviceManagement.module.css';
import usage from './PlannerUsage.module.css';

const SERIES = [
  { key: 'total_rides', label: 'admin.billing.rides', colour: 'var(--mantine-color-blue-6)' },
  { key: 'total_shares', label: 'admin.billing.shares', colour: 'var(--mantine-color-teal-6)' },
  { key: 'total_pdf_exports', label: 'admin.billing.pdfExports', colour: 'var(--mantine-color-orange-6)' },
] as const;

const WIDTH = 420;
const HEIGHT = 150;
const AXIS = 20;
const TOP = 16;

/**
 * A planner's use per month (issue 21 point 5): trips, shares and PDF exports side by side for each of the last
 * months, drawn by hand in SVG like the device analysis chart (no chart library on any page). Time runs left to right
 * in both languages; each bar's exact figure is in its tooltip and the figure's label.
 */
export function MonthlyUseChart({ monthly }: { monthly: MonthlyUse[] }) {
  const { t, i18n } = useTranslation();
  const max = chartMax(monthly);
  const slot = WIDTH / Math.max(1, monthly.length);
  const bar = Math.min(24, (slot * 0.7) / SERIES.length);
  const monthName = new Intl.DateTimeFormat(i18n.language, {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
  const label = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
  const height = (n: number) => (n / max) * (HEIGHT - AXIS - TOP);
  return (
    <figure className={`${classes.chart} ${usage.monthlyChart}`}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('admin.billing.chartLabel', { count: monthly.length, max })}
        className={classes.chartSvg}
        data-testid="monthly-use-chart"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} stroke="var(--mantine-color-gray-4)" />
        {monthly.map((m, i) => {
          const start = i * slot + (slot - bar * SERIES.length) / 2;
          return (
            <g key={m.month}>
              {SERIES.map((s, k) => {
                const h = height(m[s.key]);
                return (
                  <rect
                    key={s.key}
                    x={start + k * bar}
                    y={HEIGHT - AXIS - h}
                    width={bar - 2}
                    height={h}
                    fill={s.colour}
                  >
                    <title>{`${label(m.month)} · ${t(s.label)}: ${m[s.key]}`}</title>
                  </rect>
                );
              })}
              <text
                x={i * slot + slot / 2}
                y={HEIGHT - 5}
                fontSize={13}
                fill="currentColor"
                textAnchor="middle"
              >
                {label(m.month)}
              </text>
            </g>
          );
        })}
        <text x={2} y={13} fontSize={13} fill="currentColor">
          {max}
        </text>
      </svg>
      <figcaption>
        <Group gap="sm" component="ul" className={classes.legend}>
          {SERIES.map((s) => (
            <li key={s.key}>
              <span className={classes.swatch} style={{ background: s.colour }} aria-hidden />
              {t(s.label)}
            </li>
          ))}
        </Group>
      </figcaption>
    </figure>
  );
}
