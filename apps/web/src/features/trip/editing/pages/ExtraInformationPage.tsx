import { editsTripContent, isolateUserText } from '@rides/contract';
import { useEffect, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { RideAttractionsResponse } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { FormAlert } from '../../../../components/FormAlert';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { SignInNotice } from '../../../../components/StatusPage';
import { TripToolPage } from '../../shared/TripToolPage';
import { errorCode } from '../../../../lib/api';
import { useSession } from '../../../../lib/session-store';
// The trip page's own reads (same cache entries, so saving here refreshes the trip page too).
import { useTripAttractions } from '../../data/trip-attractions';
import { useTripHeader } from '../../data/trip-header';
import { addExtraInformation, deleteExtraInformation, updateExtraInformation } from '../api/trip-calls';
import { ConfirmModal } from '../components/ConfirmModal';
import { InfoEditor } from '../components/InfoEditor';
import { useEditor } from '../hooks/useEditor';
import { useTripEdit } from '../hooks/useTripEdit';
import { tripDayDates } from '../../data/trip-days';
import { toDisplayDate } from '../../../../lib/format';

const parseId = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/**
 * /ride_extra_information/{ride_id} (001 §2 "Extra information form"): the trip's general-information sections
 * (title and content; add, update, delete) for the author of a base trip or a manager who is author, and a note for
 * each day for every author (decision 0015). Back returns to the trip.
 */
export default function ExtraInformationPage() {
  const { t } = useTranslation();
  const rideId = parseId(useParams().rideId);
  const session = useSession();
  const rides = useTripAttractions(rideId);
  const header = useTripHeader(rideId);
  const title = t('tripEditing.info.pageTitle');

  const shell = (children: React.ReactNode) => (
    <TripToolPage title={title} size={760} back={{ rideId, label: t('tripEditing.info.back') }}>
      {children}
    </TripToolPage>
  );

  if (rideId === null) return shell(<FormAlert code="not_found" />);
  if (session === null)
    return shell(
      <SignInNotice
        title={t('trip.copy.loginTitle')}
        text={t('tripEditing.info.loginText')}
        signInLabel={t('trip.copy.signIn')}
      />,
    );
  if (rides.isPending || header.isPending) return shell(<LoadingIndicator p="xl" />);
  if (rides.isError) return shell(<FormAlert code={errorCode(rides.error)} />);
  if (header.isError) return shell(<FormAlert code={errorCode(header.error)} />);
  // The author, or an editor member (day notes only: the trip-wide sections stay the author's, decision 0062).
  if (!editsTripContent(header.data) || rides.data.ride.is_locked)
    return shell(<FormAlert code="uesr_is_not_authorize_to_edit_this_ride" />);
  return shell(<ExtraInformationForm data={rides.data} isAuthor={header.data.isAuthor} />);
}

function ExtraInformationForm({ data, isAuthor }: { data: RideAttractionsResponse; isAuthor: boolean }) {
  const { t } = useTranslation();
  const { ride } = data;
  const { isManager } = useEditor();
  const { run, busy } = useTripEdit(ride.id);
  const [toDelete, setToDelete] = useState<{ id: number; name: string } | null>(null);
  const dates = tripDayDates(data) ?? [];
  const canEditSections = isAuthor && (ride.is_based_ride || isManager);
  // From a day's menu (#day-N) or the trip's "day notes" link (#day-notes): that part of the form, ready to type.
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.querySelector<HTMLElement>('textarea')?.focus({ preventScroll: true });
  }, [hash]);

  const save = async (item: { id?: number; date?: string }, title: string, text: string) => {
    const body = { ride_id: ride.id, title, text, date: item.date };
    const done = await run(
      () =>
        item.id === undefined
          ? addExtraInformation(body)
          : updateExtraInformation({ ...body, extra_information_id: item.id }),
      { success: t('tripEditing.info.saved') },
    );
    return done !== undefined;
  };

  return (
    <>
      <section aria-labelledby="info-sections-heading">
        <Stack gap="md">
          <Title order={2} fz="xl" id="info-sections-heading">
            {t('tripEditing.info.sections')}
          </Title>
          {!canEditSections ? (
            <Text c="dimmed">
              {t(isAuthor ? 'tripEditing.info.sectionsNotAllowed' : 'tripEditing.info.sectionsOwnerOnly')}
            </Text>
          ) : (
            <>
              {ride.rideExtraInformation.map((info) => (
                <InfoEditor
                  key={`${info.id}:${info.title}:${info.text}`}
                  heading={info.title}
                  headingId={`info-${info.id}`}
                  withTitle
                  initialTitle={info.title}
                  initialHtml={info.text}
                  saveLabel={t('tripEditing.info.update')}
                  busy={busy}
                  onSave={(title, text) => save({ id: info.id }, title, text)}
                  onDelete={() => setToDelete({ id: info.id, name: info.title })}
                />
              ))}
              <InfoEditor
                heading={t('tripEditing.info.newSection')}
                headingId="info-new"
                withTitle
                saveLabel={t('tripEditing.info.add')}
                busy={busy}
                onSave={(title, text) => save({}, title, text)}
              />
            </>
          )}
        </Stack>
      </section>

      <section aria-labelledby="day-notes" id="day-notes-section">
        <Stack gap="md">
          <Title order={2} fz="xl" id="day-notes" tabIndex={-1}>
            {t('tripEditing.info.dayNotesHeading')}
          </Title>
          {dates.map((iso, dayIndex) => {
            const heading = `${t('trip.dayN', { number: dayIndex + 1 })} – ${toDisplayDate(iso) ?? iso}`;
            const notes = ride.rideExtraInformationByDay.filter((n) => n.dayIndex === dayIndex);
            return (
              <div key={dayIndex} id={`day-${dayIndex + 1}`}>
                <Stack gap="xs">
                  {notes.map((note) => (
                    <InfoEditor
                      key={`${note.id}:${note.text}`}
                      heading={heading}
                      headingId={`note-${note.id}`}
                      withTitle={false}
                      initialHtml={note.text}
                      saveLabel={t('tripEditing.info.update')}
                      busy={busy}
                      onSave={(_, text) => save({ id: note.id, date: iso }, '', text)}
                      onDelete={() => setToDelete({ id: note.id, name: heading })}
                    />
                  ))}
                  {notes.length === 0 && (
                    <InfoEditor
                      heading={heading}
                      headingId={`note-new-${dayIndex}`}
                      withTitle={false}
                      saveLabel={t('tripEditing.info.add')}
                      busy={busy}
                      onSave={(_, text) => save({ date: iso }, '', text)}
                    />
                  )}
                </Stack>
              </div>
            );
          })}
        </Stack>
      </section>

      {toDelete && (
        <ConfirmModal
          title={t('tripEditing.info.deleteTitle')}
          confirmLabel={t('tripEditing.info.delete')}
          danger
          busy={busy}
          onClose={() => setToDelete(null)}
          onConfirm={() =>
            void run(() => deleteExtraInformation(ride.id, toDelete.id), {
              success: t('tripEditing.info.deleted'),
            }).then(() => setToDelete(null))
          }
        >
          {t('tripEditing.info.deleteText', { name: isolateUserText(toDelete.name) })}
        </ConfirmModal>
      )}
    </>
  );
}
