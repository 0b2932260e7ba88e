import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  tripDateToIso,
  type AccommodationWire,
  type RideAccommodationsResponse,
  isolateUserText,
  editsTripContent,
} from '@rides/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppModal } from '../../../../components/AppModal';
import { FormAlert } from '../../../../components/FormAlert';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { SignInNotice } from '../../../../components/StatusPage';
import { TripToolPage } from '../../shared/TripToolPage';
import { errorCode } from '../../../../lib/api';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { useSession } from '../../../../lib/session-store';
import { useWrite } from '../../../../lib/use-write';
import { parseId, toDisplayDate } from '../../../../lib/format';
import {
  createAccommodation,
  deleteAccommodation,
  tripAccommodationsQuery,
  updateAccommodation,
} from '../api/accommodations';
import { AccommodationForm } from '../components/AccommodationForm';
import { bodyOf, emptyForm, formOf, nightOf, type AccommodationFormValues } from '../lib/form';
import { paths } from '../../../../lib/paths';
import { UserText } from '../../../../components/UserText';

/**
 * /accommodation ("עריכת פרטי לינה", 000 §2) for the trip's author: ?rideId=N (a new stay), &id=M (edit stay M),
 * &base=M (book in place of the original trip's suggestion M, its place and dates filled in), &day=D (a new stay from
 * night D). Saving returns to the trip, which shows the change.
 */
export default function AccommodationEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rideId = parseId(params.get('rideId') ?? undefined);
  const session = useSession();
  const list = useQuery({
    ...tripAccommodationsQuery(rideId ?? 0),
    enabled: rideId !== null && session !== null,
  });
  const title = t('accommodations.editTitle');

  const shell = (children: ReactNode) => (
    <TripToolPage title={title} size={760}>
      {children}
    </TripToolPage>
  );

  if (rideId === null) return shell(<FormAlert code="not_found" />);
  if (session === null)
    return shell(
      <SignInNotice
        title={t('accommodations.signInTitle')}
        text={t('accommodations.signInText')}
        signInLabel={t('accommodations.signIn')}
      />,
    );
  if (list.isPending) return shell(<LoadingIndicator p="xl" />);
  if (list.isError) return shell(<FormAlert code={errorCode(list.error)} />);
  // The author or an editor member (issue 33): the server's edit policy lets both change the stays.
  if (!editsTripContent(list.data) || list.data.trip.is_locked)
    return shell(<FormAlert code="uesr_is_not_authorize_to_edit_this_ride" />);
  return shell(<EditStay rideId={rideId} data={list.data} params={params} />);
}

function EditStay({
  rideId,
  data,
  params,
}: {
  rideId: number;
  data: RideAccommodationsResponse;
  params: URLSearchParams;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { run, busy: deleting } = useWrite();
  const all = [...data.ride, ...data.baseRide];
  const id = parseId(params.get('id') ?? undefined);
  const baseId = parseId(params.get('base') ?? undefined);
  const day = parseId(params.get('day') ?? undefined);
  const existing = id !== null ? all.find((a) => a.id === id) : undefined;
  const start = data.trip.start_date ? tripDateToIso(data.trip.start_date) : null;
  const end = data.trip.end_date ? tripDateToIso(data.trip.end_date) : null;
  const trip = start && end ? { startDate: start, endDate: end } : null;
  // The original trip's recommended stay: the one asked for, or the one this booking stands in for.
  const suggestion: AccommodationWire | undefined = data.baseRide.find(
    (a) => a.id === (baseId ?? existing?.paralel_ride_accommodation ?? -1),
  );

  if (id !== null && !existing) return <FormAlert code="not_found" />;

  let initial: AccommodationFormValues;
  if (existing) initial = formOf(existing);
  else if (suggestion) initial = formOf(suggestion, true);
  else if (day !== null && start && day >= 1 && day < data.trip.duration) {
    const night = nightOf(start, day);
    initial = emptyForm(night.checkIn, night.checkOut);
  } else initial = emptyForm();

  const refresh = async () => {
    await Promise.all([
      invalidateTrip(queryClient, rideId),
      queryClient.invalidateQueries({ queryKey: tripAccommodationsQuery(rideId).queryKey }),
    ]);
  };

  const save = (values: AccommodationFormValues) =>
    existing
      ? updateAccommodation(rideId, existing.id, bodyOf(values))
      : createAccommodation(rideId, bodyOf(values));

  const remove = async () => {
    if (!existing) return;
    setDeleteError(null);
    const done = await run(() => deleteAccommodation(rideId, existing.id).then(() => true), {
      invalidate: refresh,
      success: t('accommodations.deleted'),
      onError: (err) => {
        setDeleteError(errorCode(err));
        return true;
      },
    });
    if (done) void navigate(paths.trip(rideId));
  };

  return (
    <>
      {suggestion && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconInfoCircle aria-hidden size={20} />}
          title={t('accommodations.recommendedTitle')}
          data-testid="recommended-stay"
        >
          <Stack gap={4}>
            <Text size="sm">
              <UserText>{suggestion.name}</UserText>
              {suggestion.cuntry_and_city && ' · '}
              <UserText>{suggestion.cuntry_and_city}</UserText>
            </Text>
            {suggestion.check_in_date && (
              <Text size="sm">
                <bdi>{toDisplayDate(suggestion.check_in_date)}</bdi> –{' '}
                <bdi>{toDisplayDate(suggestion.check_out_date)}</bdi>
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('accommodations.recommendedNote')}
            </Text>
          </Stack>
        </Alert>
      )}
      <AccommodationForm
        key={existing?.id ?? `new-${suggestion?.id ?? ''}-${day ?? ''}`}
        rideId={rideId}
        initial={initial}
        trip={trip}
        existing={Boolean(existing)}
        onSave={save}
        saved={{ invalidate: refresh, success: t('accommodations.saved') }}
        onSaved={() => void navigate(paths.trip(rideId))}
        onDelete={() => setConfirmDelete(true)}
      />
      <AppModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('accommodations.deleteTitle')}
      >
        <Stack gap="md">
          <Text>{t('accommodations.deleteText', { name: isolateUserText(existing?.name ?? '') })}</Text>
          {deleteError && <FormAlert code={deleteError} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('accommodations.cancel')}
            </Button>
            <Button color="red" loading={deleting} onClick={() => void remove()}>
              {t('accommodations.delete')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
