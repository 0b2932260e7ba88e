/**
 * DEVELOPMENT ONLY (`/__dev/map`, registered behind import.meta.env.DEV in app/router.tsx; absent from builds).
 * The trip map with sample data: routes, distance labels, every glyph and colour, the empty and single views.
 * Texts here are sample data, not product strings.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TripMap, type MapPoint } from '..';

const day0: [string, number, number][] = [
  ['הכותל המערבי', 31.7767, 35.2345],
  ['כנסיית הקבר', 31.7784, 35.2296],
  ['Israel Museum', 31.7719, 35.2043],
  ['שוק מחנה יהודה', 31.7849, 35.2121],
];
const day1: [string, number, number][] = [
  ['מצדה', 31.3156, 35.3536],
  ['Ein Gedi', 31.4613, 35.3889],
  ['קומראן', 31.7414, 35.4592],
];
const day2: [string, number, number][] = [
  ['נמל יפו', 32.0543, 34.7516],
  ['Carmel Market', 32.0686, 34.7689],
];

const points: MapPoint[] = [
  ...day0.map(([label, lat, lng], i) => ({
    id: `d0-${i}`,
    label,
    lat,
    lng,
    kind: 'attraction' as const,
    day: 0,
    order: i + 1,
  })),
  ...day1.map(([label, lat, lng], i) => ({
    id: `d1-${i}`,
    label,
    lat,
    lng,
    kind: 'attraction' as const,
    day: 1,
    order: i + 1,
  })),
  ...day2.map(([label, lat, lng], i) => ({
    id: `d2-${i}`,
    label,
    lat,
    lng,
    kind: 'attraction' as const,
    day: 2,
    order: i + 1,
  })),
  // Day 3: eleven stops along the coast (glyphs 1–9, then '+').
  ...Array.from({ length: 11 }, (_, i) => ({
    id: `d3-${i}`,
    label: `Stop ${i + 1} / עצירה ${i + 1}`,
    lat: 32.1 + i * 0.06,
    lng: 34.8 + i * 0.012,
    kind: 'attraction' as const,
    day: 3,
    order: i + 1,
  })),
  // One stop on each later day, to show all eleven colours (days 4–11: the twelfth day reuses the first colour).
  ...Array.from({ length: 8 }, (_, i) => ({
    id: `d${i + 4}`,
    label: `Day ${i + 5}`,
    lat: 30.6 - i * 0.12,
    lng: 34.75 + (i % 2) * 0.25,
    kind: 'attraction' as const,
    day: i + 4,
    order: 1,
  })),
  { id: 'h1', label: 'מלון המלך דוד', lat: 31.7743, lng: 35.2224, kind: 'accommodation', day: 0, order: 1 },
  {
    id: 'h2',
    label: 'Ein Gedi Kibbutz Hotel',
    lat: 31.4527,
    lng: 35.3843,
    kind: 'accommodation',
    day: 1,
    order: 2,
  },
  {
    id: 'h3',
    label: 'Tel Aviv beach hotel',
    lat: 32.08,
    lng: 34.767,
    kind: 'accommodation',
    day: 2,
    order: 3,
  },
  {
    id: 'h11',
    label: 'The eleventh stay (J reused)',
    lat: 29.56,
    lng: 34.95,
    kind: 'accommodation',
    day: 11,
    order: 11,
  },
];

export default function MapPreview() {
  const [focusDay, setFocusDay] = useState<number | undefined>(undefined);
  const [showRoute, setShowRoute] = useState(true);
  const [clicked, setClicked] = useState<string>('—');
  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h3">
        TripMap (dev preview)
      </Title>
      <Group gap="xs">
        <Button
          size="xs"
          variant={focusDay === undefined ? 'filled' : 'light'}
          onClick={() => setFocusDay(undefined)}
        >
          all
        </Button>
        {[0, 1, 2, 3].map((d) => (
          <Button
            key={d}
            size="xs"
            variant={focusDay === d ? 'filled' : 'light'}
            onClick={() => setFocusDay(d)}
          >
            day {d + 1}
          </Button>
        ))}
        <Button size="xs" variant="outline" onClick={() => setShowRoute((v) => !v)}>
          route {showRoute ? 'on' : 'off'}
        </Button>
        <Text size="sm" data-testid="clicked">
          clicked: {clicked}
        </Text>
      </Group>
      <TripMap
        points={points}
        focusDay={focusDay}
        showRoute={showRoute}
        onMarkerClick={(id) => setClicked(String(id))}
        height={520}
      />
      <Group grow align="start">
        <Stack gap={4}>
          <Text size="sm">no points (zoom 2 at 48.18, 16.3)</Text>
          <TripMap points={[]} height={220} />
        </Stack>
        <Stack gap={4}>
          <Text size="sm">one point (zoom 12)</Text>
          <TripMap points={points.slice(0, 1)} height={220} />
        </Stack>
      </Group>
    </Stack>
  );
}
