import { Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormPage } from '../../../../components/FormPage';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { SignInFirst, StatusPage } from '../../../../components/StatusPage';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { PATHS } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session-store';
import { parseId } from '../../../../lib/format';
// The extra information form's text <-> HTML rules: the trip's free text is written the same way.
import { htmlToText } from '../../../../lib/note-html';
import { newTripInformationQuery, tripInformationQuery } from '../api/trip-information';
import { TripInformationForm } from '../components/TripInformationForm';
import { newTripValues, savedTripValues, type TripFormMode } from '../lib/form-values';

/**
 * /ride_information (a new trip) and /ride_information/:rideId (its author edits it; ?first_time=true after the
 * photo flow: "save and continue to add accommodations"), 001 §2 "Trip information form". Signed-in users only.
 */
export default function TripInformationPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const rideId = params.rideId === undefined ? null : parseId(params.rideId);
  const badId = params.rideId !== undefined && rideId === null;
  const mode: TripFormMode = rideId === null ? 'create' : search.get('first_time') === 'true' ? 'firstTime' : 'edit';
  const viewer = session?.token ?? '';
  const creating = useQuery({ ...newTripInformationQuery(viewer), enabled: session !== null && mode === 'create' && !badId });
  const editing = useQuery({ ...tripInformationQuery(rideId ?? 0, viewer), enabled: session !== null && rideId !== null });
  const title = mode === 'create' ? t('rideInformation.createTitle') : t('rideInformation.editTitle');

  if (badId) return <Refused title={title} code="not_found" />;
  if (session === null) return <SignInFirst title={title} text={t('rideInformation.signInText')} />;

  const query = mode === 'create' ? creating : editing;
  if (query.isPending) return <FormPage wide={720} title={title}><LoadingIndicator p="xl" /></FormPage>;
  if (query.isError) return <Refused title={title} code={errorCode(query.error)} />;
  if (mode === 'create' && creating.data)
    return (
      <FormPage wide={720} title={title} intro={t('rideInformation.createIntro')}>
        <TripInformationForm mode="create" rideId={null} initial={newTripValues(creating.data)} permissions={creating.data.permissions} />
      </FormPage>
    );
  if (editing.data && rideId !== null)
    return (
      <FormPage wide={720} title={title} intro={mode === 'firstTime' ? t('rideInformation.firstTimeIntro') : undefined}>
        <TripInformationForm
          key={`${rideId}:${editing.dataUpdatedAt}`}
          mode={mode}
          rideId={rideId}
          initial={savedTripValues(editing.data, htmlToText)}
          permissions={editing.data.permissions}
        />
      </FormPage>
    );
  return null;
}

/** Not the author's, not found, or could not load: the server's message and a way on. */
function Refused({ title, code }: { title: string; code: string }) {
  const { t } = useTranslation();
  return (
    <StatusPage icon={IconAlertTriangle} title={title} role="alert">
      <Text>{t(messageKey(code))}</Text>
      <Button component={Link} to={PATHS.myTrips} variant="default">
        {t('myTrips.title')}
      </Button>
    </StatusPage>
  );
}
