import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../lib/trip/format';
import { placeData, type StepAnswer, type StepQuestion } from '../lib/send-photos';
import type { PickedPhoto } from '../lib/read-photos';
import { PhotoThumb } from './PhotoThumb';

/**
 * The step screen for what the draft could not decide (001 §2 "add attraction from image"): a photo without a
 * location (asked before it is sent), or one whose place the server could not name: its nearby places as buttons,
 * "add photo and edit later", or skip (the photo is left out).
 */
export function CorrectionStep({ question, photo, onAnswer }: { question: StepQuestion; photo: PickedPhoto | undefined; onAnswer: (answer: StepAnswer) => void }) {
  const { t } = useTranslation();
  const nearby = question.info?.locationAnalitics.nearbyPlaces ?? [];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="photo-step-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="photo-step-title">
          {t('photos.step.title')}
        </Title>
        <Group gap="md" wrap="nowrap" align="flex-start">
          {photo && <PhotoThumb file={photo.file} />}
          <Stack gap={4}>
            <Text fw={600}>{photo?.file.name}</Text>
            <Text size="sm">{t('photos.step.date', { date: toDisplayDate(question.item.date) })}</Text>
          </Stack>
        </Group>
        <Alert color="yellow" variant="light">
          {question.item.point ? t('photos.step.noName') : t('photos.noLocation')}
        </Alert>
        {nearby.length > 0 && (
          <Stack gap="xs">
            <Text fw={600}>{t('photos.step.nearby')}</Text>
            <Group gap="xs">
              {nearby.map((place) => (
                <Button key={place.id} variant="light" onClick={() => onAnswer({ kind: 'place', place: placeData(place) })}>
                  {t('photos.placeDistance', { name: place.displayName.text, distance: place.distanceM })}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
        <Group gap="sm">
          <Button onClick={() => onAnswer({ kind: 'editLater' })}>{t('photos.step.editLater')}</Button>
          <Button variant="default" onClick={() => onAnswer({ kind: 'skip' })}>
            {t('photos.step.skip')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
