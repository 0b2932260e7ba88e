import { Suspense, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowBack, IconLink, IconRefresh, IconTrash } from '@tabler/icons-react';
// The sheets of the Mantine parts only this page uses (app/mantine-styles.ts lists the shared ones).
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import { normaliseLink, type RideKeyFullInformation } from '@rides/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormPage } from '../../../../components/FormPage';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { StatusPage } from '../../../../components/StatusPage';
import { errorCode } from '../../../../lib/api';
import { splitApiError } from '../../../../lib/form-errors';
import { messageKey } from '../../../../lib/i18n';
import { paths } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session-store';
import { parseId } from '../../../../lib/format';
import { useFormErrors } from '../../../../lib/use-form-errors';
import { useWrite } from '../../../../lib/use-write';
import {
  recordTripShare,
  removeTripUser,
  accessKeyFullInformationQuery,
  updateAccessKeyFullInformation,
} from '../api/access-keys';
import TripExportMenu from '../../export/components/TripExportMenu';
import { CopyLinkField } from '../components/CopyLinkField';
import { OneTimeLinksSection } from '../components/OneTimeLinksSection';
import { SignInFirst } from '../components/SignInFirst';
import { SubdomainSettingsSection } from '../components/SubdomainSettingsSection';
import { consultingLink, joinLink } from '../lib/links';
import { formatDateTime, isoToExpiryDate } from '../lib/dates';
import classes from '../components/AccessKeys.module.css';
import { UserText } from '../../../../components/UserText';

/**
 * /ride_access_key_information/:rideId (001 §2; the spec's {ride_key} holds a ride id): the planner's access page of a
 * private trip. The registration link to copy (and the consulting one), the planner's page, how many clients may join,
 * what they get (the trip itself or their own copy), until when, revoke; save; and the clients who joined, with when,
 * each removable; the one-time links and who came in with each. The author or planner only (the server decides; anyone else sees its refusal). Signed in first, else
 * the "please log in in order to edit ride" dialog.
 */
export default function AccessKeyPage() {
  const { t } = useTranslation();
  const rideId = parseId(useParams().rideId);
  const session = useSession();
  const viewer = session?.token ?? '';
  const query = useQuery({
    ...accessKeyFullInformationQuery(rideId ?? 0, viewer),
    enabled: session !== null && rideId !== null,
  });
  const title = t('accessKeys.access.title');

  if (rideId === null) return <Refused title={title} code="not_found" rideId={null} />;
  if (session === null) return <SignInFirst title={title} text={t('accessKeys.access.signInText')} />;
  if (query.isPending)
    return (
      <FormPage wide={760} title={title}>
        <LoadingIndicator p="xl" />
      </FormPage>
    );
  if (query.isError)
    return (
      <>
        <Refused title={title} code={errorCode(query.error)} rideId={rideId} />
        {/* A trip of the manager's sub-domain they neither author nor plan: their settings still apply (001 §6). */}
        <Container size={760} pb="xl" px="md">
          <SubdomainSettingsSection rideId={rideId} viewer={viewer} />
        </Container>
      </>
    );
  return (
    <FormPage wide={760} title={title} intro={t('accessKeys.access.intro')}>
      <Stack gap="lg">
        <AccessKeyContent key={query.dataUpdatedAt} data={query.data.rideKeyData} viewer={viewer} />
        <SubdomainSettingsSection rideId={rideId} viewer={viewer} />
      </Stack>
    </FormPage>
  );
}

type Field = 'redirectPage' | 'consultingMeetingCalendarLink' | 'authorizedUsersCount' | 'expiresAt';
const FIELDS: readonly Field[] = [
  'redirectPage',
  'consultingMeetingCalendarLink',
  'authorizedUsersCount',
  'expiresAt',
];

function AccessKeyContent({ data, viewer }: { data: RideKeyFullInformation; viewer: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rideId = data.ride_id;
  const [redirectPage, setRedirectPage] = useState(data.redirectPage ?? '');
  const [calendar, setCalendar] = useState(data.consultingMeetingCalendarLink ?? '');
  const [count, setCount] = useState(String(data.authorizedUsersCount));
  const [action, setAction] = useState(data.action);
  const [expiry, setExpiry] = useState(isoToExpiryDate(data.expiresAt));
  const [revoked, setRevoked] = useState(data.revoked);
  const [notify, setNotify] = useState(data.notifyOnFirstOpen);
  const { run: runSave, busy: saving } = useWrite();
  const { run: runRenew, busy: renewing } = useWrite();
  const { run: runRemove, busy: removingSomeone } = useWrite();
  const [removed, setRemoved] = useState<number | null>(null);
  const removing = removingSomeone ? removed : null;
  const [confirmRenew, setConfirmRenew] = useState(false);
  const { formRef, errors, general, setGeneral, check, refuse } = useFormErrors<Field>({
    redirectPage,
    consultingMeetingCalendarLink: calendar,
    authorizedUsersCount: count,
    expiresAt: expiry,
  });
  const queryKey = accessKeyFullInformationQuery(rideId, viewer).queryKey;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = count.trim();
    // The contract's rules before sending (decision 0025): every problem at once, under its field; nothing typed is lost.
    const badLink = (value: string) => (normaliseLink(value.trim()) === null ? 'invalid_link' : undefined);
    const found = {
      authorizedUsersCount: /^\d+$/.test(trimmed) ? undefined : 'authorized_users_count_invalid',
      redirectPage: badLink(redirectPage),
      consultingMeetingCalendarLink: badLink(calendar),
    };
    if (!check(found)) return;
    setGeneral(null);
    await runSave(
      () =>
        updateAccessKeyFullInformation({
          ride_id: rideId,
          redirectPage: redirectPage.trim(),
          consultingMeetingCalendarLink: calendar.trim(),
          authorizedUsersCount: Number(trimmed),
          action,
          expiresAt: expiry,
          revoked,
          notifyOnFirstOpen: notify,
        }),
      {
        invalidate: async (_client, res) => client.setQueryData(queryKey, res),
        success: () => ({ id: 'access-saved', message: t('accessKeys.access.saved') }),
        // Refusals go under their fields (or above the form), not in a toast.
        onError: (error) => {
          refuse(splitApiError(error, FIELDS));
          return true;
        },
      },
    );
  };

  // A new key value: the old link admits no one from now on; the clients who joined stay.
  const renew = async () => {
    await runRenew(() => updateAccessKeyFullInformation({ ride_id: rideId, renewKey: true }), {
      invalidate: async (_client, res) => client.setQueryData(queryKey, res),
      success: () => ({ id: 'access-renewed', message: t('accessKeys.access.renewed') }),
      failure: { id: 'access-renew-error' },
    });
  };

  const remove = async (userId: number) => {
    setRemoved(userId);
    await runRemove(() => removeTripUser(rideId, userId), {
      invalidate: async (_client, res) => client.setQueryData(queryKey, res),
      success: () => ({ id: 'access-removed', message: t('accessKeys.access.removed') }),
      failure: { id: 'access-remove-error' },
    });
  };

  const message = (f: Field) => (errors[f] ? t(messageKey(errors[f])) : undefined);
  const places =
    data.placesLeft === null
      ? t('accessKeys.access.placesUnlimited', { joined: data.joinedUsersCount })
      : t('accessKeys.access.places', { joined: data.joinedUsersCount, limit: data.authorizedUsersCount });

  return (
    <Stack gap="lg">
      <Text fw={600} fz="lg">
        <UserText>{data.title}</UserText>
      </Text>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="access-link-heading">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="lg" id="access-link-heading">
              {t('accessKeys.access.linkHeading')}
            </Title>
            <Group gap="xs">
              {data.revoked && <Badge color="red">{t('accessKeys.access.revokedBadge')}</Badge>}
              {data.expired && <Badge color="orange">{t('accessKeys.access.expiredBadge')}</Badge>}
              <Badge variant="light">{places}</Badge>
            </Group>
          </Group>
          <CopyLinkField
            label={t('accessKeys.access.link')}
            description={t('accessKeys.access.linkHint')}
            value={joinLink(data.rideKeyValue)}
            onCopied={() => void recordTripShare(rideId)}
          />
          {data.consultingMeetingCalendarLink && (
            <CopyLinkField
              label={t('accessKeys.access.consultingLink')}
              description={t('accessKeys.access.consultingLinkHint')}
              value={consultingLink(data.rideKeyValue)}
              onCopied={() => void recordTripShare(rideId)}
            />
          )}
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.oneTimeKey(rideId)}
              variant="light"
              leftSection={<IconLink size={18} aria-hidden />}
            >
              {t('accessKeys.access.oneTime')}
            </Button>
            <Button
              component={Link}
              to={paths.trip(rideId)}
              variant="default"
              leftSection={<IconArrowBack size={18} aria-hidden />}
            >
              {t('accessKeys.backToTrip')}
            </Button>
            <Suspense fallback={null}>
              <TripExportMenu rideId={rideId} title={data.title} />
            </Suspense>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => setConfirmRenew(true)}
              aria-expanded={confirmRenew}
            >
              {t('accessKeys.access.renew')}
            </Button>
          </Group>
          {confirmRenew && (
            <Alert color="orange" variant="light" title={t('accessKeys.access.renewTitle')}>
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{t('accessKeys.access.renewText')}</Text>
                <Group gap="xs">
                  <Button color="red" size="compact-md" loading={renewing} onClick={() => void renew()}>
                    {t('accessKeys.access.renewConfirm')}
                  </Button>
                  <Button
                    variant="default"
                    size="compact-md"
                    onClick={() => setConfirmRenew(false)}
                    disabled={renewing}
                  >
                    {t('accessKeys.access.renewCancel')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="access-settings-heading">
        <form ref={formRef} onSubmit={(e) => void save(e)} noValidate>
          <Stack gap="md">
            <Title order={2} fz="lg" id="access-settings-heading">
              {t('accessKeys.access.settingsHeading')}
            </Title>
            {general && (
              <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {t(messageKey(general))}
              </Alert>
            )}
            <TextInput
              label={t('accessKeys.access.usersCount')}
              description={t('accessKeys.access.usersCountHint')}
              value={count}
              onChange={(e) => setCount(e.currentTarget.value)}
              inputMode="numeric"
              dir="ltr"
              className={classes.narrow}
              error={message('authorizedUsersCount')}
            />
            <Radio.Group
              label={t('accessKeys.access.action')}
              value={action}
              onChange={(v) => setAction(v === 'copy' ? 'copy' : 'view')}
            >
              <Stack gap="xs" mt={6}>
                <Radio value="view" label={t('accessKeys.access.actionView')} />
                <Radio value="copy" label={t('accessKeys.access.actionCopy')} />
              </Stack>
            </Radio.Group>
            <TextInput
              type="url"
              label={t('accessKeys.access.redirectPage')}
              description={t('accessKeys.access.redirectPageHint')}
              placeholder="https://"
              value={redirectPage}
              onChange={(e) => setRedirectPage(e.currentTarget.value)}
              dir="ltr"
              error={message('redirectPage')}
            />
            <TextInput
              type="url"
              label={t('accessKeys.access.calendar')}
              description={t('accessKeys.access.calendarHint')}
              placeholder="https://"
              value={calendar}
              onChange={(e) => setCalendar(e.currentTarget.value)}
              dir="ltr"
              error={message('consultingMeetingCalendarLink')}
            />
            <TextInput
              type="date"
              label={t('accessKeys.access.expiry')}
              description={t('accessKeys.access.expiryHint')}
              value={expiry}
              onChange={(e) => setExpiry(e.currentTarget.value)}
              className={classes.narrow}
              error={message('expiresAt')}
            />
            <Switch
              label={t('accessKeys.access.notify')}
              description={t('accessKeys.access.notifyHint')}
              checked={notify}
              onChange={(e) => setNotify(e.currentTarget.checked)}
            />
            <Switch
              label={t('accessKeys.access.revoke')}
              description={t('accessKeys.access.revokeHint')}
              checked={revoked}
              onChange={(e) => setRevoked(e.currentTarget.checked)}
            />
            <Group>
              <Button type="submit" loading={saving}>
                {t('accessKeys.access.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="access-joined-heading">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="access-joined-heading">
            {t('accessKeys.access.joinedHeading')}
          </Title>
          {data.joinedUsers.length === 0 ? (
            <Text c="dimmed">{t('accessKeys.access.joinedEmpty')}</Text>
          ) : (
            <ul className={classes.joined}>
              {data.joinedUsers.map((u) => (
                <li key={u.userId} className={classes.joinedRow}>
                  <div className={classes.joinedWho}>
                    <Text fw={600}>
                      <UserText>{u.userName || u.email}</UserText>
                    </Text>
                    <Text size="sm" c="dimmed" dir="ltr" className={classes.email}>
                      {u.email}
                    </Text>
                    <Text size="sm">
                      {t('accessKeys.access.joinedAt', { date: formatDateTime(u.joinedAt) })}
                      {' · '}
                      {u.action === 'copy' ? t('accessKeys.access.gotCopy') : t('accessKeys.access.gotView')}
                    </Text>
                    {u.action === 'view' && (
                      <Text size="sm" c="dimmed">
                        {u.lastOpenedAt === null
                          ? t('accessKeys.access.notOpened')
                          : t('accessKeys.access.opened', {
                              count: u.opens,
                              devices: u.devices,
                              date: formatDateTime(u.lastOpenedAt),
                            })}
                      </Text>
                    )}
                  </div>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-md"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    loading={removing === u.userId}
                    onClick={() => void remove(u.userId)}
                    aria-label={t('accessKeys.access.removeLabel', { name: u.userName || u.email })}
                  >
                    {t('accessKeys.access.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Stack>
      </Paper>

      <OneTimeLinksSection links={data.oneTimeLinks} />
    </Stack>
  );
}

/** Not the author's or planner's, not private, not found, or could not load: the server's message and a way on. */
function Refused({ title, code, rideId }: { title: string; code: string; rideId: number | null }) {
  const { t } = useTranslation();
  return (
    <StatusPage icon={IconAlertTriangle} title={title} role="alert">
      <Text>{t(messageKey(code))}</Text>
      {rideId !== null && (
        <Button component={Link} to={paths.trip(rideId)} variant="default">
          {t('accessKeys.backToTrip')}
        </Button>
      )}
    </StatusPage>
  );
}
