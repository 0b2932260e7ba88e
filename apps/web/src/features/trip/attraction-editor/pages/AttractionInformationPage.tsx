import { isolateUserText } from '@rides/contract';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { errorCode } from '../../../../lib/api';
import { useSession } from '../../../../lib/session-store';
import { showToast } from '../../../../lib/toast';
import { queryKeys } from '../../../../lib/query-keys';
import { parseId } from '../../../../lib/format';
import { tripAttractionsKeys } from '../../../../lib/trip-keys';
import { attractionInformationQuery, updateAttraction } from '../api/attraction-editor-calls';
import { AttractionForm } from '../components/AttractionForm';
import { savedAttraction, unreadableHoursOf } from '../lib/form-values';
import { attractionEditPath } from '../../../../lib/screen-paths';
import { FormPage } from '../../../../components/FormPage';
import { SignInFirst } from '../../../../components/StatusPage';
import { Refused } from './Refused';
import { paths } from '../../../../lib/paths';

/**
 * /attractionInformation?attractionId=N[&rideId=M] (001 §2 "Attraction editor", edit mode; the spec gives the route no
 * parameters, ours are decision 0020's): the attraction's author edits it; anyone else is told
 * error_no_access_to_attraction. rideId is the trip to go back to (and the AI text's language).
 */
export default function AttractionInformationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const session = useSession();
  const location = useLocation();
  // Saved (here, or created on the add page) with hours the server could not read: the form shows that warning in view.
  const [revealHours, setRevealHours] = useState(
    () => (location.state as { revealHours?: boolean } | null)?.revealHours === true,
  );
  const attractionId = parseId(params.get('attractionId') ?? undefined);
  const rideId = parseId(params.get('rideId') ?? undefined);
  const viewer = session?.token ?? '';
  const query = useQuery({
    ...attractionInformationQuery(attractionId ?? 0, viewer),
    enabled: session !== null && attractionId !== null,
  });
  const title = t('attractionEditor.editTitle');
  const backToTrip =
    rideId !== null ? { to: paths.trip(rideId), label: t('attractionEditor.backToTrip') } : null;

  if (attractionId === null) return <Refused title={title} code="not_found" back={backToTrip} />;
  if (session === null) return <SignInFirst title={title} text={t('attractionEditor.signInText')} />;
  if (query.isPending)
    return (
      <FormPage wide={760} title={title}>
        <LoadingIndicator p="xl" />
      </FormPage>
    );
  if (query.isError) return <Refused title={title} code={errorCode(query.error)} back={backToTrip} />;
  const { attraction, warnings } = query.data;
  return (
    <FormPage wide={760} title={title}>
      <AttractionForm
        key={`${attraction.id}:${query.dataUpdatedAt}`}
        initial={savedAttraction(attraction)}
        isManager={session.role === 'manager'}
        rideId={rideId}
        imageRideId={null}
        around={{ lat: attraction.lat, lng: attraction.lng }}
        submitLabel={t('attractionEditor.save')}
        back={backToTrip ? [backToTrip] : []}
        unreadableHours={unreadableHoursOf(attraction, warnings)}
        revealHoursWarning={revealHours}
        onSave={async (body) => {
          const saved = await updateAttraction(attraction.id, body);
          // Hours the server could not read are kept; the author stays to see the warning under them (decision 0070).
          const warned = unreadableHoursOf(saved.attraction, saved.warnings) !== null;
          setRevealHours(warned);
          queryClient.setQueryData(attractionInformationQuery(attraction.id, viewer).queryKey, saved);
          // Every trip that shows it reads it again (the server dropped its own copies already).
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: tripAttractionsKeys.all }),
            queryClient.invalidateQueries({ queryKey: queryKeys.attraction.all }),
            queryClient.invalidateQueries({ queryKey: queryKeys.plannerLibrary.all }),
          ]);
          showToast({
            color: 'brand',
            message: t('attractionEditor.saved', { name: isolateUserText(saved.attraction.title) }),
          });
          // Warned: the form is mounted again with the saved attraction and says so under the hours.
          if (warned) return;
          if (rideId !== null) void navigate(paths.trip(rideId));
          else void navigate(attractionEditPath(attraction.id, null), { replace: true });
        }}
      />
    </FormPage>
  );
}
