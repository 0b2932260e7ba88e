import { Anchor, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandGoogleMaps } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayDirections, dayStops, type RideDay } from '@rides/contract';

/** Phones open Google Maps' app, which takes 3 waypoints; a wider screen its web page, which takes 9. */
export const PHONE_QUERY = '(max-width: 48em)';

export interface DayMapsLinksProps {
  days: readonly RideDay[];
  dayIndex: number;
}

/**
 * "Open the day in Google Maps" (issue 19 point 5): every stop of the day in order (the contract's dayStops:
 * the morning's stay, the activities, the night's stay) as Google Maps directions; a long day as consecutive parts
 * (the contract's dayDirections: each part starts where the previous one ended). Nothing when no stop has a place.
 */
export default function DayMapsLinks({ days, dayIndex }: DayMapsLinksProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const legs = dayDirections(dayStops(days, dayIndex), phone ? 'phone' : 'desktop');
  if (legs.length === 0) return null;
  const icon = (
    <IconBrandGoogleMaps size={18} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
  );
  return (
    <Group gap="sm" wrap="wrap" data-testid="day-maps-links">
      {legs.map((leg, i) => (
        <Anchor key={leg.url} href={leg.url} target="_blank" rel="noopener noreferrer" size="sm">
          {icon}
          {legs.length === 1
            ? t('tripExport.openDayInMaps')
            : t('tripExport.openPartInMaps', { part: i + 1, count: legs.length })}
        </Anchor>
      ))}
    </Group>
  );
}
