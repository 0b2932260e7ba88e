import { isolateUserText } from '@rides/contract';
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { errorCode } from '../../../../lib/api';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { addActivityPath, attractionEditPath } from '../../../../lib/screen-paths';
import { nearestDayCentre, tripDayDates } from '../../data/trip-days';
import { useSession } from '../../../../lib/session-store';
import { showToast } from '../../../../lib/toast';
import { parseId } from '../../../../lib/format';
// The trip's reads with the trip page's query keys: the new activity shows there at once.
import { useTripAttractions } from '../../data/trip-attractions';
import { useTripHeader } from '../../data/trip-header';
import { attractionInformationQuery, createAttraction } from '../api/attraction-editor-calls';
import { AttractionForm } from '../components/AttractionForm';
import { emptyAttraction, unreadableHoursOf } from '../lib/form-values';
import { FormPage } from '../../../../components/FormPage';
import { SignInFirst } from '../../../../components/StatusPage';
import { Refused } from './Refused';
import { paths } from '../../../../lib/paths';
import { queryKeys } from '../../../../lib/query-keys';


/**
 * /add_attraction?rideId=N&day=D (001 §2 "Attraction editor", create mode; the add-activity page's "create new
 * activity", decision 0017's parameters, D 1-based): the user's own attraction, put last on that day. Who: the trip's
 * author, on an unlocked trip, when it is a base trip or the author is a manager (000 §6; the server decides the same).
 */
export default function AddAttractionEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const session = useSession();
  const rideId = parseId(params.get('rideId') ?? undefined);
  const dayParam = parseId(params.get('day') ?? undefined);
  const trip = useTripAttractions(rideId);
  const header = useTripHeader(rideId);
  const title = t('attractionEditor.createTitle');
  const days = useMemo(() => trip.data?.attractionsByDay ?? [], [trip.data]);
  const dates = useMemo(() => (trip.data ? (tripDayDates(trip.data) ?? []) : []), [trip.data]);
  // A day beyond the trip (an old link after days were removed) is the first day, as on the add-activity page.
  const dayIndex = dayParam !== null && dayParam >= 1 && dayParam <= dates.length ? dayParam - 1 : 0;
  const around = useMemo(() => nearestDayCentre(days, dayIndex), [days, dayIndex]);

  if (rideId === null) return <Refused title={title} code="not_found" back={null} />;
  if (session === null) return <SignInFirst title={title} text={t('attractionEditor.signInText')} />;
  if (trip.isPending || header.isPending)
    return (
      <FormPage wide={760} title={title}>
        <LoadingIndicator p="xl" />
      </FormPage>
    );
  const backToTrip = { to: paths.trip(rideId), label: t('attractionEditor.backToTrip') };
  if (trip.isError) return <Refused title={title} code={errorCode(trip.error)} back={backToTrip} />;
  if (header.isError) return <Refused title={title} code={errorCode(header.error)} back={backToTrip} />;
  const isManager = session.role === 'manager';
  const ride = trip.data.ride;
  if (!header.data.isAuthor || ride.is_locked || !(ride.is_based_ride || isManager))
    return <Refused title={title} code="uesr_is_not_authorize_to_edit_this_ride" back={backToTrip} />;

  const date = dates[dayIndex];
  return (
    <FormPage wide={760} title={title} intro={t('attractionEditor.createIntro', { number: dayIndex + 1, trip: ride.title })}>
      <AttractionForm
        initial={emptyAttraction()}
        isManager={isManager}
        rideId={rideId}
        around={around}
        submitLabel={t('attractionEditor.create')}
        back={[backToTrip, { to: addActivityPath(rideId, dayIndex + 1), label: t('attractionEditor.backToAdding') }]}
        onSave={async (body) => {
          const created = await createAttraction(rideId, { ...body, ...(date ? { date } : {}) });
          await invalidateTrip(queryClient, rideId);
          // A manager's new attraction is in their library (/ride_manager_attraction) from now on.
          void queryClient.invalidateQueries({ queryKey: queryKeys.plannerLibrary.all });
          showToast({ color: 'brand', message: t('attractionEditor.created', { name: isolateUserText(created.attraction.title) }) });
          if (unreadableHoursOf(created.attraction, created.warnings) === null) return void navigate(paths.trip(rideId));
          // Hours the server could not read are kept: the new activity's editor says so under them (decision 0070), read
          // from this answer (no second call), in place of this page (back does not create it again).
          queryClient.setQueryData(attractionInformationQuery(created.attractionId, session.token).queryKey, {
            ServerMassageCode: created.ServerMassageCode,
            attraction: created.attraction,
            warnings: created.warnings,
          });
          void navigate(attractionEditPath(created.attractionId, rideId), { replace: true, state: { revealHours: true } });
        }}
      />
    </FormPage>
  );
}
