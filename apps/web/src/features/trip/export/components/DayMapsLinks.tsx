import { Anchor, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandGoogleMaps } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayDirections, type DirectionsStop } from '@rides/contract';

/** Phones open Google Maps' app, which takes 3 waypoints; a wider screen its web page, which takes 9. */
export const PHONE_QUERY = '(max-width: 48em)';

interface DayMapsLinksProps {
  /** The day's stops in order: the contract's dayStops on the trip page, offlineDayStops in the offline view. */
  stops: readonly DirectionsStop[];
}

/**
 * "Open the day in Google Maps" (issue 19 point 5): every stop of the day in order as Google Maps directions; a long
 * day as consecutive parts (the contract's dayDirections: each part starts where the previous one ended). Nothing
 * when no stop has a place. Its texts are core (tripMaps): the offline view shows it without the network.
 */
export function DayMapsLinks({ stops }: DayMapsLinksProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const legs = dayDirections(stops, phone ? 'phone' : 'desktop');
  if (legs.length === 0) return null;
  return (
    <Group
      gap="xs"
      wrap="wrap"
      role="group"
      aria-label={legs.length > 1 ? t('tripMaps.partsLabel') : undefined}
    >
      {legs.map((leg, i) => (
        <Anchor
          key={leg.url}
          href={leg.url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          data-testid="day-maps-link"
        >
          <IconBrandGoogleMaps
            size={16}
            aria-hidden
            style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }}
          />
          {legs.length === 1
            ? t('tripMaps.openDay')
            : t('tripMaps.openPart', { part: i + 1, count: legs.length })}
        </Anchor>
      ))}
    </Group>
  );
}
