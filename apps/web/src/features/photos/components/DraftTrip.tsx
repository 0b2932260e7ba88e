import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMapPinOff, IconMoon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TripDraft } from '@rides/contract';
import { TripMap, type MapPoint } from '../../../components/map';
import { currentLanguage } from '../../../lib/i18n';
import { useStopNames } from '../../../lib/photos/photos-api';
import { toDisplayDate } from '../../../lib/format';
import { timeRange, type DraftItem } from '../../../lib/photos/draft-plan';
import type { PickedPhoto } from '../../../lib/photos/read-photos';
import { PhotoThumb } from '../../../components/photos/PhotoThumb';
import { nightKey } from '../../../lib/photos/stays';
import classes from './DraftTrip.module.css';

interface DraftTripProps {
  draft: Extract<TripDraft, { ok: true }>;
  items: readonly DraftItem[];
  photos: ReadonlyMap<string, PickedPhoto>;
  dropped: ReadonlySet<string>;
  onToggle: (key: string) => void;
  /** The new trip's name; null when the photos go into an existing trip. */
  title: string | null;
  onTitle: (title: string) => void;
  submitLabel: (count: number) => string;
  /** "Day N" of a new trip; an existing trip's days are its own, so its draft names the dates only. */
  numberDays: boolean;
  onCreate: () => void;
  busy: boolean;
  error: string | null;
}

/** The draft trip (issue 20 "Go beyond"): day by day on a map and as a list; each stop kept or dropped. */
export function DraftTrip({
  draft,
  items,
  photos,
  dropped,
  onToggle,
  title,
  onTitle,
  submitLabel,
  numberDays,
  onCreate,
  busy,
  error,
}: DraftTripProps) {
  const { t } = useTranslation();
  const [focus, setFocus] = useState('all');
  const kept = items.filter((i) => !dropped.has(i.key)).length;
  // Each stop is named after its place (its nearest place suggestion), not its time (issue 30 point 7).
  const located = useMemo(() => items.filter((i) => i.point), [items]);
  const stopNames = useStopNames(
    useMemo(() => located.map((i) => i.point as { lat: number; lng: number }), [located]),
    currentLanguage() === 'en' ? 'english' : 'hebrew',
  );
  const nameOf = useMemo(
    () => new Map(located.map((item, n) => [item.key, stopNames.data?.names[n] ?? null])),
    [located, stopNames.data],
  );

  const points = useMemo<MapPoint[]>(() => {
    const located = items.filter((i) => i.point && !dropped.has(i.key));
    const stops = located.map((item, n) => ({
      id: item.key,
      lat: item.point!.lat,
      lng: item.point!.lng,
      label: t('photos.pinLabel', {
        day: item.day + 1,
        n: located.filter((o) => o.day === item.day).indexOf(item) + 1,
      }),
      kind: 'attraction' as const,
      day: item.day,
      order: located.slice(0, n).filter((o) => o.day === item.day).length + 1,
    }));
    const nights = draft.days.flatMap((day, d) =>
      day.night && !dropped.has(nightKey(d))
        ? [
            {
              id: `n:${d}`,
              lat: day.night.lat,
              lng: day.night.lng,
              label: t('photos.nightPin', { day: d + 1 }),
              kind: 'accommodation' as const,
              day: d,
              order: 1,
            },
          ]
        : [],
    );
    return [...stops, ...nights];
  }, [items, dropped, draft, t]);

  return (
    <div className={classes.layout}>
      <Stack gap="md" className={classes.list}>
        {title !== null && (
          <TextInput
            label={t('photos.tripTitle')}
            value={title}
            onChange={(e) => onTitle(e.currentTarget.value)}
            required
            maxLength={100}
          />
        )}
        {draft.undated.length > 0 && (
          <Alert color="yellow" variant="light">
            {t('photos.undated', { count: draft.undated.length })}
          </Alert>
        )}
        {draft.days.map((day, d) => {
          const dayItems = items.filter((i) => i.day === d);
          return (
            <Paper
              key={day.date}
              withBorder
              radius="md"
              p="md"
              component="section"
              aria-labelledby={`photo-day-${d}`}
            >
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Title order={2} fz="md" id={`photo-day-${d}`}>
                    {numberDays
                      ? t('photos.day', { n: d + 1, date: toDisplayDate(day.date) })
                      : t('photos.dayDate', { date: toDisplayDate(day.date) })}
                  </Title>
                  <Button variant="subtle" size="compact-sm" onClick={() => setFocus(String(d))}>
                    {t('photos.showOnMap')}
                  </Button>
                </Group>
                {dayItems.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('photos.emptyDay')}
                  </Text>
                )}
                {dayItems.map((item) => (
                  <DraftItemRow
                    key={item.key}
                    item={item}
                    place={nameOf.get(item.key) ?? null}
                    photo={photos.get(item.photoId)}
                    kept={!dropped.has(item.key)}
                    onToggle={() => onToggle(item.key)}
                  />
                ))}
                {day.night && (
                  <Group
                    gap="xs"
                    wrap="nowrap"
                    className={dropped.has(nightKey(d)) ? `${classes.item} ${classes.dropped}` : classes.item}
                    data-testid="draft-night"
                  >
                    <IconMoon aria-hidden size={18} />
                    <Text size="sm" className={classes.itemText}>
                      {t('photos.night')}
                    </Text>
                    <Checkbox
                      checked={!dropped.has(nightKey(d))}
                      onChange={() => onToggle(nightKey(d))}
                      label={t('photos.keep')}
                      aria-label={t('photos.keepNight', { day: d + 1 })}
                    />
                  </Group>
                )}
              </Stack>
            </Paper>
          );
        })}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group className={classes.actions}>
          <Button size="md" onClick={onCreate} loading={busy} disabled={kept === 0 || title?.trim() === ''}>
            {submitLabel(kept)}
          </Button>
          {kept === 0 && (
            <Text size="sm" c="dimmed">
              {t('photos.nothingKept')}
            </Text>
          )}
        </Group>
      </Stack>
      <div className={classes.map}>
        <Group gap={6} role="group" aria-label={t('photos.mapDays')}>
          {['all', ...draft.days.map((_, d) => String(d))].map((value) => (
            <Button
              key={value}
              size="compact-sm"
              variant={focus === value ? 'filled' : 'default'}
              aria-pressed={focus === value}
              onClick={() => setFocus(value)}
            >
              {value === 'all' ? t('photos.allDays') : t('photos.dayShort', { n: Number(value) + 1 })}
            </Button>
          ))}
        </Group>
        <TripMap
          points={points}
          showRoute
          height="min(45vh, 520px)"
          ariaLabel={t('photos.mapLabel')}
          {...(focus === 'all' ? {} : { focusDay: Number(focus) })}
        />
      </div>
    </div>
  );
}

function DraftItemRow({
  item,
  photo,
  kept,
  onToggle,
  place,
}: {
  item: DraftItem;
  photo: PickedPhoto | undefined;
  kept: boolean;
  onToggle: () => void;
  /** The stop's place name (its nearest place suggestion), null while unknown or when none is known there. */
  place: string | null;
}) {
  const { t } = useTranslation();
  const name = item.point
    ? (place ?? t('photos.stopName', { time: timeRange(item.from, item.to) }))
    : t('photos.unplacedName');
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      className={kept ? classes.item : `${classes.item} ${classes.dropped}`}
      data-testid="draft-item"
    >
      {photo && <PhotoThumb file={photo.file} />}
      <Stack gap={2} className={classes.itemText}>
        <Text fw={600} size="sm">
          <bdi>{name}</bdi>
        </Text>
        {item.point ? (
          <Text size="xs" c="dimmed">
            {place ? `${timeRange(item.from, item.to)} · ` : ''}
            {t('photos.stopPhotos', { count: item.photoIds.length })}
          </Text>
        ) : (
          <Group gap={4} wrap="nowrap">
            <IconMapPinOff aria-hidden size={14} />
            <Text size="xs" c="dimmed">
              {t('photos.unplaced')}
            </Text>
          </Group>
        )}
        {!kept && (
          <Badge size="xs" color="gray" variant="light">
            {t('photos.dropped')}
          </Badge>
        )}
      </Stack>
      <Checkbox
        checked={kept}
        onChange={onToggle}
        label={t('photos.keep')}
        aria-label={t('photos.keepItem', { name })}
      />
    </Group>
  );
}
