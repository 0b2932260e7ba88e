import { useMemo, useState } from 'react';
import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import type { ManagerAttraction } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { libraryRows, plannerLibraryQuery } from '../../../../lib/planner-library';
import type { Candidate } from '../lib/candidates';

/** A library attraction as the page's add path takes it: our attraction, added by id with add_attraction_to_ride_api. */
export const fromLibrary = (a: ManagerAttraction, inRide: boolean): Candidate => ({
  key: `at:${a.id}`,
  attractionId: a.id,
  placeId: a.placeId,
  source: 'local',
  origin: 'trips',
  from: 'trips',
  title: a.title,
  text: a.text,
  rate: a.rate,
  image: a.image,
  link: a.link,
  address: a.address,
  lat: a.lat,
  lng: a.lng,
  distanceKm: 0,
  inRide,
});

interface Props {
  viewer: string;
  dayNumber: number;
  /** Attraction ids the trip already has (those are shown, not offered again). */
  inTrip: ReadonlySet<number>;
  added: ReadonlySet<string>;
  adding: boolean;
  onAdd: (c: Candidate) => void;
}

/**
 * "Add from my list" (issue 22): a manager who authors the trip picks one of their library's attractions, wherever
 * it is (the results below only show those near the picked place), and adds it to the chosen day.
 */
export function AddFromLibrary({ viewer, dayNumber, inTrip, added, adding, onAdd }: Props) {
  const { t, i18n } = useTranslation();
  const list = useQuery(plannerLibraryQuery(viewer));
  const [picked, setPicked] = useState<string | null>(null);
  const all = list.data?.attractions;
  const options = useMemo(
    () =>
      libraryRows(all ?? [], '', 'title', i18n.language).map((a) => {
        const there = inTrip.has(a.id) || added.has(`at:${a.id}`);
        return {
          value: String(a.id),
          label: there ? t('addActivity.libraryInTrip', { title: a.title }) : a.title,
          disabled: there,
        };
      }),
    [all, inTrip, added, i18n.language, t],
  );
  const chosen = all?.find((a) => String(a.id) === picked) ?? null;

  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="add-from-library">
      <Text component="h2" id="add-from-library" fw={700} fz="lg" m={0}>
        {t('addActivity.fromLibrary')}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {t('addActivity.fromLibraryHint', { number: dayNumber })}
      </Text>
      {list.isError ? (
        <Alert color="red" role="alert">
          <Text size="sm">{t('addActivity.libraryFailed')}</Text>
          <Button
            size="compact-sm"
            mt="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void list.refetch()}
          >
            {t('addActivity.retry')}
          </Button>
        </Alert>
      ) : list.isSuccess && list.data.attractions.length === 0 ? (
        <Text size="sm">{t('addActivity.libraryEmpty')}</Text>
      ) : (
        <Group align="flex-end" gap="sm">
          <Select
            style={{ flex: '1 1 16rem' }}
            label={t('addActivity.libraryPick')}
            placeholder={t('addActivity.libraryPlaceholder')}
            data={options}
            value={picked}
            onChange={setPicked}
            searchable
            nothingFoundMessage={t('addActivity.libraryNoMatch')}
            disabled={list.isPending}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={chosen === null || inTrip.has(chosen.id) || added.has(`at:${chosen.id}`)}
            loading={adding}
            onClick={() => chosen && onAdd(fromLibrary(chosen, false))}
          >
            {t('addActivity.libraryAdd', { number: dayNumber })}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
