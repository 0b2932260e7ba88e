import { Group, Text } from '@mantine/core';
import type { DeviceAnalysis } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { chartDays } from '../lib/device-rules';
import classes from './DeviceManagement.module.css';

/** Distinct colours for up to ten devices (then they repeat); theme variables, so a subdomain theme applies. */
const PALETTE = ['blue', 'orange', 'teal', 'grape', 'red', 'lime', 'indigo', 'pink', 'cyan', 'yellow'].map(
  (c) => `var(--mantine-color-${c}-6)`,
);

const WIDTH = 600;
const HEIGHT = 150;
const AXIS = 18;

/**
 * Sign-ins per day per device over the analysis period (issue 21 point 5), as stacked bars drawn by hand in SVG: a
 * chart library would weigh more than this whole screen. Time runs left to right in both languages, as on a calendar
 * axis; the legend names each device's colour.
 */
export function LoginsChart({ analysis, now }: { analysis: DeviceAnalysis; now: Date }) {
  const { t, i18n } = useTranslation();
  const days = chartDays(analysis.daily_logins, analysis.days_back, now);
  const max = Math.max(1, ...days.map((d) => d.total));
  const slot = WIDTH / days.length;
  const barWidth = Math.max(2, slot * 0.7);
  const colour = new Map(analysis.devices.map((d, i) => [d.id, PALETTE[i % PALETTE.length]!]));
  const short = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (day: string) => short.format(new Date(`${day}T00:00:00Z`));
  const scale = (n: number) => (n / max) * (HEIGHT - AXIS - 4);

  if (analysis.daily_logins.length === 0) return <Text c="dimmed">{t('admin.analysis.chartEmpty')}</Text>;
  return (
    <figure className={classes.chart}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('admin.analysis.chartLabel', { count: analysis.days_back, max })}
        className={classes.chartSvg}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} stroke="var(--mantine-color-gray-4)" />
        {days.map((d, i) => {
          let top = HEIGHT - AXIS;
          return (
            <g key={d.day}>
              <title>{`${label(d.day)}: ${d.total}`}</title>
              {[...d.counts].map(([deviceId, logins]) => {
                const h = scale(logins);
                top -= h;
                return (
                  <rect
                    key={deviceId}
                    x={i * slot + (slot - barWidth) / 2}
                    y={top}
                    width={barWidth}
                    height={h}
                    fill={colour.get(deviceId) ?? 'var(--mantine-color-gray-6)'}
                  />
                );
              })}
            </g>
          );
        })}
        <text x={2} y={HEIGHT - 4} fontSize={11} fill="currentColor">
          {label(days[0]!.day)}
        </text>
        <text x={WIDTH - 2} y={HEIGHT - 4} fontSize={11} fill="currentColor" textAnchor="end">
          {label(days[days.length - 1]!.day)}
        </text>
        <text x={2} y={12} fontSize={11} fill="currentColor">
          {max}
        </text>
      </svg>
      <figcaption>
        <Group gap="sm" component="ul" className={classes.legend}>
          {analysis.devices.map((d, i) => (
            <li key={d.id}>
              <span className={classes.swatch} style={{ background: colour.get(d.id) }} aria-hidden />
              {d.device_name || t('admin.devices.deviceNumber', { number: i + 1 })}
            </li>
          ))}
        </Group>
      </figcaption>
    </figure>
  );
}
