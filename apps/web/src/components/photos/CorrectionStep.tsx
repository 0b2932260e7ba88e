import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PhotoPlace } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../lib/i18n';
import { TripMap, type MapPoint } from '../map';
import { PlaceAutocomplete, type PickedPlace } from '../PlaceAutocomplete/PlaceAutocomplete';
import { toDisplayDate } from '../../lib/format';
import { placeData, type StepAnswer, type StepQuestion } from '../../lib/photos/send-photos';
import type { DraftItem } from '../../lib/photos/draft-plan';
import type { PickedPhoto } from '../../lib/photos/read-photos';
import { PhotoThumb } from './PhotoThumb';

/** A place picked from the autocomplete's suggestions, as the photo calls take it. */
const pickedData = (p: PickedPlace) => ({
  id: p.id,
  source: p.source,
  name: p.name,
  address: p.secondary || null,
  lat: p.lat,
  lng: p.lng,
});

interface CorrectionStepProps {
  /** The photo's day and position ('' and null when unknown), and the server's reading of it once sent. */
  question: { item: Pick<DraftItem, 'date' | 'point'>; info: StepQuestion['info'] };
  photo: PickedPhoto | undefined;
  onAnswer: (answer: StepAnswer) => void;
  /** "n of m" (001 §2 the step counter), when the flow counts its photos. */
  counter?: { n: number; total: number };
  /** The step's title key: "where was this photo taken" (attraction) or "where did you stay" (lodging). */
  titleKey?: TextKey;
  /** The place the server chose, asked with yes and no (the lodging flow); without it the step asks for a place. */
  suggested?: PhotoPlace | null;
  /** "add photo and edit later" (the attraction flow; a stay needs a real place). */
  editLater?: boolean;
  /** The server's refusal of the last answer (e.g. you_Are_having_double_booking), already translated. */
  error?: string | null;
  busy?: boolean;
}

/**
 * The step screen for what the draft could not decide (001 §2 "add attraction from image", "add accommodation from
 * image"): the photo and its date, the suggested place with yes and no, its nearby places as buttons, the place
 * search (a suggestion must be picked: please_use_auto_compleate), "add photo and edit later", or skip (the photo is
 * left out).
 */
export function CorrectionStep({
  question,
  photo,
  onAnswer,
  counter,
  titleKey = 'photos.step.title',
  suggested = null,
  editLater = true,
  error = null,
  busy = false,
}: CorrectionStepProps) {
  const { t } = useTranslation();
  const [rejected, setRejected] = useState(false);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<PickedPlace | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const nearby = useMemo(
    () => (question.info?.locationAnalitics.nearbyPlaces ?? []).filter((p) => p.id !== suggested?.id),
    [question.info, suggested?.id],
  );
  const point = question.item.point;
  const asking = suggested !== null && !rejected;

  // 001 §2 the step's map: where the photo was taken, the suggested place (lettered) and the nearby ones (numbered, as
  // the buttons list them), and a place picked from the search. A photo without a location shows only the places.
  const mapPoints = useMemo<MapPoint[]>(() => {
    const out: MapPoint[] = [];
    const place = (
      id: string,
      p: { lat: number; lng: number; label: string },
      kind: MapPoint['kind'],
      order: number,
    ) => out.push({ id, ...p, kind, day: 0, order });
    if (point) place('photo', { ...point, label: t('photos.step.photoHere') }, 'attraction', 1);
    if (suggested)
      place(
        'suggested',
        {
          lat: suggested.geoLocation.latitude,
          lng: suggested.geoLocation.longitude,
          label: suggested.displayName.text,
        },
        'accommodation',
        1,
      );
    nearby.forEach((p, i) =>
      place(
        `nearby-${p.id}`,
        { lat: p.geoLocation.latitude, lng: p.geoLocation.longitude, label: p.displayName.text },
        'attraction',
        i + 2,
      ),
    );
    if (picked) place('picked', { lat: picked.lat, lng: picked.lng, label: picked.name }, 'accommodation', 2);
    return out;
  }, [point, suggested, nearby, picked, t]);

  const usePicked = () => {
    // Typed text that was not picked from the suggestions is no place (001 §5).
    if (!picked || picked.name !== text) {
      setSearchError(t('please_use_auto_compleate'));
      return;
    }
    onAnswer({ kind: 'place', place: pickedData(picked) });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="photo-step-title"
    >
      <Stack gap="md">
        {counter && (
          <Text size="sm" c="dimmed">
            {t('photos.progress', { n: counter.n, total: counter.total })}
          </Text>
        )}
        <Title order={2} fz="lg" id="photo-step-title">
          {t(titleKey)}
        </Title>
        <Group gap="md" wrap="nowrap" align="flex-start">
          {photo && <PhotoThumb file={photo.file} />}
          <Stack gap={4} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {photo?.file.name}
            </Text>
            {question.item.date ? (
              <Text size="sm">{t('photos.step.date', { date: toDisplayDate(question.item.date) })}</Text>
            ) : (
              <Text size="sm">{t('photos.noTime')}</Text>
            )}
          </Stack>
        </Group>
        {mapPoints.length > 0 && (
          <TripMap points={mapPoints} height={220} ariaLabel={t('photos.step.mapLabel')} />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {asking ? (
          <Stack gap="xs">
            <Text fw={600}>{t('photos.step.suggested', { name: suggested.displayName.text })}</Text>
            <Group gap="sm">
              <Button loading={busy} onClick={() => onAnswer({ kind: 'place', place: placeData(suggested) })}>
                {t('photos.step.yes')}
              </Button>
              <Button variant="default" disabled={busy} onClick={() => setRejected(true)}>
                {t('photos.step.no')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            {!suggested && (
              <Alert color="yellow" variant="light">
                {point ? t('photos.step.noName') : t('photos.noLocation')}
              </Alert>
            )}
            {nearby.length > 0 && (
              <Stack gap="xs">
                <Text fw={600}>{t('photos.step.nearby')}</Text>
                <Group gap="xs">
                  {nearby.map((place) => (
                    <Button
                      key={place.id}
                      variant="light"
                      disabled={busy}
                      onClick={() => onAnswer({ kind: 'place', place: placeData(place) })}
                    >
                      {t('photos.placeDistance', { name: place.displayName.text, distance: place.distanceM })}
                    </Button>
                  ))}
                </Group>
              </Stack>
            )}
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <div style={{ flex: 1, minInlineSize: 0 }}>
                <PlaceAutocomplete
                  label={t('photos.step.search')}
                  placeholder={t('photos.step.searchPlaceholder')}
                  value={text}
                  onChange={(value) => {
                    setText(value);
                    setSearchError(null);
                  }}
                  onPick={(p) => {
                    setPicked(p);
                    setSearchError(null);
                  }}
                  near={point}
                  error={searchError}
                />
              </div>
              <Button
                variant="light"
                disabled={busy || text.trim() === ''}
                onClick={usePicked}
                mb={searchError ? 22 : 0}
              >
                {t('photos.step.usePlace')}
              </Button>
            </Group>
          </>
        )}
        <Group gap="sm">
          {editLater && (
            <Button variant="light" disabled={busy} onClick={() => onAnswer({ kind: 'editLater' })}>
              {t('photos.step.editLater')}
            </Button>
          )}
          <Button variant="default" disabled={busy} onClick={() => onAnswer({ kind: 'skip' })}>
            {t('photos.step.skip')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
