import { isolateUserText } from '@rides/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { errorCode } from '../../../../lib/api';
import { useSession } from '../../../../lib/session-store';
import { showToast } from '../../../../lib/toast';
import { queryKeys } from '../../../../lib/query-keys';
import { parseId } from '../../../../lib/format';
import { tripAttractionsKeys } from '../../../../lib/trip-keys';
import { attractionInformationQuery, updateAttraction } from '../api/attraction-editor-calls';
import { AttractionForm } from '../components/AttractionForm';
import { savedAttraction } from '../lib/form-values';
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
  const { attraction } = query.data;
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
        onSave={async (body) => {
          const saved = await updateAttraction(attraction.id, body);
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
          if (rideId !== null) void navigate(paths.trip(rideId));
          else void navigate(attractionEditPath(attraction.id, null), { replace: true });
        }}
      />
    </FormPage>
  );
}
