import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { StatusPage } from '../../../components/StatusPage';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { openAppModal } from '../../../lib/modal-controller';
import { useSession } from '../../../lib/session-store';
import { parseId } from '../../../lib/trip/format';
// The extra information form's text <-> HTML rules: the trip's free text is written the same way.
import { htmlToText } from '../../../lib/note-html';
import { newRideInformationQuery, rideInformationQuery } from '../api/ride-information';
import { RideInformationForm } from '../components/RideInformationForm';
import { newTripValues, savedTripValues, type RideFormMode } from '../lib/form-values';

/**
 * /ride_information (a new trip) and /ride_information/:rideId (its author edits it; ?first_time=true after the
 * photo flow: "save and continue to add accommodations"), 001 §2 "Trip information form". Signed-in users only.
 */
export default function RideInformationPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const rideId = params.rideId === undefined ? null : parseId(params.rideId);
  const badId = params.rideId !== undefined && rideId === null;
  const mode: RideFormMode = rideId === null ? 'create' : search.get('first_time') === 'true' ? 'firstTime' : 'edit';
  const viewer = session?.token ?? '';
  const creating = useQuery({ ...newRideInformationQuery(viewer), enabled: session !== null && mode === 'create' && !badId });
  const editing = useQuery({ ...rideInformationQuery(rideId ?? 0, viewer), enabled: session !== null && rideId !== null });
  const title = mode === 'create' ? t('rideInformation.createTitle') : t('rideInformation.editTitle');

  if (badId) return <Refused title={title} code="not_found" />;
  if (session === null)
    return (
      <StatusPage icon={IconLogin} title={title}>
        <Text>{t('rideInformation.signInText')}</Text>
        <Button onClick={() => openAppModal('login')}>{t('account.signIn')}</Button>
      </StatusPage>
    );

  const query = mode === 'create' ? creating : editing;
  if (query.isPending) return <Shell title={title}><LoadingIndicator p="xl" /></Shell>;
  if (query.isError) return <Refused title={title} code={errorCode(query.error)} />;
  if (mode === 'create' && creating.data)
    return (
      <Shell title={title} intro={t('rideInformation.createIntro')}>
        <RideInformationForm mode="create" rideId={null} initial={newTripValues(creating.data)} permissions={creating.data.permissions} />
      </Shell>
    );
  if (editing.data && rideId !== null)
    return (
      <Shell title={title} intro={mode === 'firstTime' ? t('rideInformation.firstTimeIntro') : undefined}>
        <RideInformationForm
          key={`${rideId}:${editing.dataUpdatedAt}`}
          mode={mode}
          rideId={rideId}
          initial={savedTripValues(editing.data, htmlToText)}
          permissions={editing.data.permissions}
        />
      </Shell>
    );
  return null;
}

function Shell({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Container size={720} py="lg" px="md">
      <DocumentTitle title={title} />
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {intro && <Text c="dimmed">{intro}</Text>}
        {children}
      </Stack>
    </Container>
  );
}

/** Not the author's, not found, or could not load: the server's message and a way on. */
function Refused({ title, code }: { title: string; code: string }) {
  const { t } = useTranslation();
  return (
    <StatusPage icon={IconAlertTriangle} title={title} role="alert">
      <Text>{t(messageKey(code))}</Text>
      <Button component={Link} to="/user_rides" variant="default">
        {t('myTrips.title')}
      </Button>
    </StatusPage>
  );
}
