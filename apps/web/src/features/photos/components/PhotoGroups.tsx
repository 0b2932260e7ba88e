import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { MAX_TRIP_DAYS, daysBetween, type PhotoGroup } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../lib/format';
import type { PickedPhoto } from '../../../lib/photos/read-photos';
import { PhotoThumb } from '../../../components/photos/PhotoThumb';
import classes from './DraftTrip.module.css';

interface PhotoGroupsProps {
  groups: readonly PhotoGroup[];
  photos: ReadonlyMap<string, PickedPhoto>;
  /** The photos of the chosen group that are still selected: the draft is made of them. */
  onPick: (photoIds: string[]) => void;
}

/**
 * Photos of several trips (issue 30 point 7): instead of one refusal, the candidate trips the contract's photoGroups
 * finds, each with its dates and its photos (date, time, whether it has a place); the user deselects photos and goes
 * on with one group. A group is never longer than MAX_TRIP_DAYS, so the draft accepts it.
 */
export function PhotoGroups({ groups, photos, onPick }: PhotoGroupsProps) {
  const { t } = useTranslation();
  const [off, setOff] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOff((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Stack gap="md">
      <Text>{t('photos.groups.intro', { count: groups.length, days: MAX_TRIP_DAYS })}</Text>
      {groups.map((g, n) => {
        const kept = g.photoIds.filter((id) => !off.has(id));
        const headingId = `photo-group-${n}`;
        const days = daysBetween(g.startDate, g.endDate) + 1;
        return (
          <Paper
            key={g.photoIds[0]}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={headingId}
            data-testid="photo-group"
          >
            <Stack gap="sm">
              <Title order={2} fz="md" id={headingId}>
                {g.startDate === g.endDate
                  ? t('photos.groups.oneDay', { date: toDisplayDate(g.startDate) })
                  : t('photos.groups.range', {
                      from: toDisplayDate(g.startDate),
                      to: toDisplayDate(g.endDate),
                      days,
                    })}
              </Title>
              {g.photoIds.map((id) => {
                const photo = photos.get(id);
                if (!photo) return null;
                const when = photo.meta.dateTaken ?? photo.meta.gpsUtc;
                const label = t('photos.groups.photo', {
                  name: photo.file.name,
                  date: when ? `${toDisplayDate(when.slice(0, 10))} ${when.slice(11, 16)}` : '',
                });
                return (
                  <Group
                    key={id}
                    gap="sm"
                    wrap="nowrap"
                    className={off.has(id) ? `${classes.item} ${classes.dropped}` : classes.item}
                    data-testid="group-photo"
                  >
                    <PhotoThumb file={photo.file} />
                    <Stack gap={2} className={classes.itemText}>
                      <Text size="sm" fw={600}>
                        {when
                          ? `${toDisplayDate(when.slice(0, 10))} · ${when.slice(11, 16)}`
                          : t('photos.noTime')}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        {photo.meta.gps ? (
                          <IconMapPin aria-hidden size={14} />
                        ) : (
                          <IconMapPinOff aria-hidden size={14} />
                        )}
                        <Text size="xs" c="dimmed">
                          {photo.meta.gps ? (
                            <>
                              {t('photos.groups.at')}{' '}
                              <bdi dir="ltr">
                                {photo.meta.gps.lat.toFixed(4)}, {photo.meta.gps.lng.toFixed(4)}
                              </bdi>
                            </>
                          ) : (
                            t('photos.noLocation')
                          )}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" truncate>
                        <bdi>{photo.file.name}</bdi>
                      </Text>
                    </Stack>
                    <Checkbox
                      checked={!off.has(id)}
                      onChange={() => toggle(id)}
                      label={t('photos.keep')}
                      aria-label={t('photos.keepItem', { name: label })}
                    />
                  </Group>
                );
              })}
              <Group>
                <Button onClick={() => onPick(kept)} disabled={kept.length === 0}>
                  {t('photos.groups.use', { count: kept.length })}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
