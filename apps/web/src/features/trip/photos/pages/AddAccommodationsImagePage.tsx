import { useState } from 'react';
import { Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  tripDateToIso,
  type ImageInformationResponse,
  type RideAccommodationsResponse,
} from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AppModal } from '../../../../components/AppModal';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { FormAlert } from '../../../../components/FormAlert';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { SignInFirst } from '../../../../components/StatusPage';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { paths } from '../../../../lib/paths';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { useSession } from '../../../../lib/session-store';
import { parseId } from '../../../../lib/format';
import { useWrite } from '../../../../lib/use-write';
import { tripAccommodationsQuery } from '../../accommodations/api/accommodations';
import { createAccommodationFromImage, imageInformation } from '../../../../lib/photos/photos-api';
import { CorrectionStep } from '../../../../components/photos/CorrectionStep';
import { PhotoPicker } from '../../../../components/photos/PhotoPicker';
import { byDateTaken, readPhotos, type PickedPhoto } from '../../../../lib/photos/read-photos';
import { readOnServer, type StepAnswer } from '../../../../lib/photos/send-photos';
import { shrinkPhoto } from '../../../../lib/photos/shrink';
import { stayBody } from '../../../../lib/photos/stays';

type Stage =
  | { step: 'range' }
  | { step: 'reading' }
  | {
      step: 'photo';
      photos: PickedPhoto[];
      index: number;
      info: ImageInformationResponse | null;
      error: string | null;
    };

/**
 * /add_accommodations_image/{rideId} (000 §2, 001 §2, 002 §2.1; issue 20): a stay from lodging photos. The check-in
 * and check-out come first (001 §2: else the "enter accommodation dates" modal); then the photos, in date order, one
 * step each: the hotel or place the server suggests near the photo (yes / no), the nearby places, the place search,
 * or skip. A place confirmed makes the stay over the range with the photo as its image
 * (create_and_add_accommodation_from_image_to_ride_api: you_Are_having_double_booking when the range overlaps a stay
 * of the trip, shown on the step, the stay not made). The flow ends where 001 §4 says: a first-time lodging flow
 * (?first_time=true, after the new trip's information) on the trip with "add activity info", otherwise the trip.
 */
export default function AddAccommodationsImagePage() {
  const { t } = useTranslation();
  const session = useSession();
  const rideId = parseId(useParams().rideId) ?? null;
  const list = useQuery({
    ...tripAccommodationsQuery(rideId ?? 0),
    enabled: rideId !== null && session !== null,
  });
  const title = t('photos.lodging.title');

  const shell = (children: React.ReactNode) => (
    <Container size={640} py="lg" px="md">
      <DocumentTitle title={title} />
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );

  if (session === null) return <SignInFirst title={title} text={t('photos.lodging.signInText')} />;
  if (rideId === null) return shell(<FormAlert code="not_found" />);
  if (list.isPending) return shell(<LoadingIndicator p="xl" />);
  if (list.isError) return shell(<FormAlert code={errorCode(list.error)} />);
  if (!list.data.isAuthor || list.data.trip.is_locked)
    return shell(<FormAlert code="uesr_is_not_authorize_to_edit_this_ride" />);
  return shell(<LodgingFlow rideId={rideId} data={list.data} />);
}

function LodgingFlow({ rideId, data }: { rideId: number; data: RideAccommodationsResponse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, busy: saving } = useWrite();
  const firstTime = useSearchParams()[0].get('first_time') === 'true';
  const start = data.trip.start_date ? tripDateToIso(data.trip.start_date) : null;
  const end = data.trip.end_date ? tripDateToIso(data.trip.end_date) : null;
  const [checkIn, setCheckIn] = useState('');
  const [checkOut, setCheckOut] = useState('');
  const [askDates, setAskDates] = useState(false);
  const [reading, setBusy] = useState(false);
  const busy = reading || saving;
  const [stage, setStage] = useState<Stage>({ step: 'range' });
  const rangeSet = checkIn !== '' && checkOut !== '' && checkOut > checkIn;

  /** Reads photo `index` (shrunk, stored, the hotels near it suggested) and shows its step. */
  const open = async (photos: PickedPhoto[], index: number) => {
    const photo = photos[index];
    if (!photo) {
      // Every photo skipped: no stay, back to the trip.
      void navigate(paths.trip(rideId));
      return;
    }
    setStage({ step: 'photo', photos, index, info: null, error: null });
    setBusy(true);
    try {
      const info = await readOnServer(
        { shrink: shrinkPhoto, imageInformation },
        photo,
        rideId,
        'accommodation',
        20_000,
      );
      setStage({ step: 'photo', photos, index, info, error: null });
    } catch (e) {
      setStage({ step: 'photo', photos, index, info: null, error: t(messageKey(errorCode(e))) });
    } finally {
      setBusy(false);
    }
  };

  const pick = async (files: File[]) => {
    if (!rangeSet) {
      setAskDates(true);
      return;
    }
    setStage({ step: 'reading' });
    const photos = byDateTaken(await readPhotos(files, () => undefined));
    await open(photos, 0);
  };

  const answer = async (a: StepAnswer) => {
    if (stage.step !== 'photo') return;
    if (a.kind !== 'place') {
      await open(stage.photos, stage.index + 1);
      return;
    }
    // The dates may be changed on the step (after a double booking): they must still be a range.
    if (!rangeSet) {
      setAskDates(true);
      return;
    }
    const made = await run(
      () =>
        createAccommodationFromImage(
          rideId,
          stayBody(a.place, { checkIn, checkOut }, stage.info?.url ?? null),
        ).then(() => true),
      {
        invalidate: (queryClient) =>
          Promise.all([
            invalidateTrip(queryClient, rideId),
            queryClient.invalidateQueries({ queryKey: tripAccommodationsQuery(rideId).queryKey }),
          ]),
        success: t(firstTime ? 'photos.lodging.addActivityInfo' : 'photos.lodging.saved'),
        // The stay is not made (a double booking, a range outside the trip): said on the step, the user decides.
        onError: (e) => {
          setStage({ ...stage, error: t(messageKey(errorCode(e))) });
          return true;
        },
      },
    );
    if (made) void navigate(paths.trip(rideId));
  };

  const photo = stage.step === 'photo' ? stage.photos[stage.index] : undefined;
  const chosen = stage.step === 'photo' ? stage.info?.locationAnalitics.chosenPlace : undefined;

  return (
    <>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="lodging-dates"
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="lodging-dates">
            {t('photos.lodging.datesTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('photos.lodging.intro')}
          </Text>
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={t('photos.lodging.checkIn')}
              required
              value={checkIn}
              min={start ?? undefined}
              max={end ?? undefined}
              disabled={busy}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setCheckIn(value);
                if (checkOut && value && checkOut <= value) setCheckOut('');
              }}
            />
            <TextInput
              type="date"
              label={t('photos.lodging.checkOut')}
              required
              value={checkOut}
              min={checkIn || start || undefined}
              max={end ?? undefined}
              disabled={busy}
              onChange={(e) => setCheckOut(e.currentTarget.value)}
            />
          </Group>
        </Stack>
      </Paper>
      {stage.step === 'range' && <PhotoPicker onPick={(files) => void pick(files)} variant="lodging" />}
      {stage.step === 'reading' && <LoadingIndicator p="xl" />}
      {stage.step === 'photo' && photo && (
        <CorrectionStep
          key={photo.id}
          question={{
            item: { date: photo.meta.dateTaken?.slice(0, 10) ?? '', point: photo.meta.gps },
            info: stage.info,
          }}
          photo={photo}
          counter={{ n: stage.index + 1, total: stage.photos.length }}
          titleKey="photos.lodging.stepTitle"
          suggested={chosen?.success ? chosen : null}
          editLater={false}
          error={stage.error}
          busy={busy}
          onAnswer={(a) => void answer(a)}
        />
      )}
      <AppModal
        opened={askDates}
        onClose={() => setAskDates(false)}
        title={t('photos.lodging.enterDatesTitle')}
      >
        <Stack gap="md">
          <Text>{t('photos.lodging.enterDates')}</Text>
          <Button onClick={() => setAskDates(false)}>{t('photos.lodging.ok')}</Button>
        </Stack>
      </AppModal>
    </>
  );
}
