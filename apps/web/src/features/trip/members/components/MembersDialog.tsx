import { useState, type FormEvent } from 'react';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Radio.css';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconLink, IconMail, IconTrash, IconUserMinus } from '@tabler/icons-react';
import {
  INVITE_DAYS,
  MEMBER_ROLES,
  type MemberRole,
  type TripInvite,
  type TripMember,
  type TripMembersResponse,
} from '@rides/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../../components/AppModal';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { UserText } from '../../../../components/UserText';
import { toDisplayMoment } from '../../../../lib/display-date';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { PATHS } from '../../../../lib/paths';
import { queryKeys } from '../../../../lib/query-keys';
import { showToast } from '../../../../lib/toast';
import { messageKey } from '../../../../lib/i18n';
import { useWrite } from '../../../../lib/use-write';
import { copyText } from '../../access-keys/lib/links';
import {
  changeMemberRole,
  inviteMember,
  removeMember,
  revokeInvite,
  tripMembersKeys,
  tripMembersQuery,
} from '../api/members';
import { initialsOf } from './initials';
import classes from './Members.module.css';

const isolate = (s: string) => `\u2068${s}\u2069`;

/**
 * The "Share and invite" dialog (issue 33 point 1, decision 0063). The owner invites by e-mail or makes a link to send
 * (with a role, each explained in a line), changes roles, removes members and revokes open invitations; a member sees
 * the people and may leave. Every write goes through useWrite and reads the list again (and the trip, whose access
 * it changes).
 */
export default function MembersDialog({
  rideId,
  viewer,
  onClose,
}: {
  rideId: number;
  viewer: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const people = useQuery(tripMembersQuery(rideId, viewer));
  const data = people.data;
  return (
    <AppModal opened onClose={onClose} title={t('members.dialogTitle')} size="lg">
      {!data ? (
        <LoadingIndicator p="md" />
      ) : (
        <Stack gap="lg">
          {data.myRole === 'owner' && <InviteForm rideId={rideId} />}
          <PeopleList rideId={rideId} data={data} onLeft={onClose} />
          {data.myRole === 'owner' && data.invites.length > 0 && (
            <OpenInvites rideId={rideId} invites={data.invites} />
          )}
        </Stack>
      )}
    </AppModal>
  );
}

/** After any change of the people: the list, the trip (its access), my trips. */
const refresh = (queryClient: QueryClient, rideId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: tripMembersKeys.trip(rideId) }),
    invalidateTrip(queryClient, rideId),
    queryClient.invalidateQueries({ queryKey: queryKeys.userTrips.all }),
  ]);

function InviteForm({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const byMail = email.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const res = await run(() => inviteMember(rideId, { role, ...(byMail ? { email: email.trim() } : {}) }), {
      invalidate: (queryClient) => queryClient.invalidateQueries({ queryKey: tripMembersKeys.trip(rideId) }),
      success: (r) => ({
        message: r.invite.email
          ? t('members.invited', { email: isolate(r.invite.email) })
          : t('members.linkCreated'),
      }),
      onError: (err) => {
        const code = (err as { code?: string }).code;
        if (
          code === 'invalid_email_format' ||
          code === 'invalid_email_spaces' ||
          code === 'cannot_invite_yourself' ||
          code === 'already_a_member'
        ) {
          setError(t(messageKey(code)));
          return true;
        }
        return false;
      },
    });
    if (res) {
      setLink(res.inviteUrl);
      setEmail('');
    }
  };

  const copy = async () => {
    if (!link) return;
    const ok = await copyText(link);
    if (ok) showToast({ id: 'invite-link-copy', color: 'brand', message: t('members.copied') });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('members.inviteTitle')}
        </Title>
        <TextInput
          type="email"
          label={t('members.email')}
          description={t('members.emailHint')}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          dir="ltr"
          autoComplete="off"
          data-autofocus
        />
        <Radio.Group label={t('members.role')} value={role} onChange={(v) => setRole(v as MemberRole)}>
          <Stack gap="xs" mt={4}>
            {MEMBER_ROLES.map((r) => (
              <Radio
                key={r}
                value={r}
                label={t(`members.roles.${r}`)}
                description={t(`members.roleHelp.${r}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button
            type="submit"
            loading={busy}
            leftSection={byMail ? <IconMail size={18} aria-hidden /> : <IconLink size={18} aria-hidden />}
          >
            {byMail ? t('members.sendInvite') : t('members.createLink')}
          </Button>
        </Group>
        {link && (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t('members.linkLabel', { days: INVITE_DAYS })}
              value={link}
              readOnly
              dir="ltr"
              style={{ flex: 1, minInlineSize: 0 }}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="invite-link"
            />
            <Button
              variant="light"
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() => void copy()}
              style={{ flex: 'none' }}
            >
              {t('members.copy')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function PeopleList({
  rideId,
  data,
  onLeft,
}: {
  rideId: number;
  data: TripMembersResponse;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const owner = data.myRole === 'owner';
  // A member's own line (the owner leaves no trip: they are its author or its planner).
  const me = owner ? undefined : data.members.find((m) => m.userId === data.myUserId);

  const setRole = (m: TripMember, role: MemberRole) =>
    run(() => changeMemberRole(rideId, m.userId, role), {
      invalidate: (queryClient) => refresh(queryClient, rideId),
      success: t('members.roleChanged', { name: isolate(m.name), role: t(`members.roles.${role}`) }),
    });
  const remove = (m: TripMember) =>
    run(() => removeMember(rideId, m.userId), {
      invalidate: (queryClient) => refresh(queryClient, rideId),
      success: t('members.removed', { name: isolate(m.name) }),
    });
  const leave = async () => {
    if (!me) return;
    const done = await run(() => removeMember(rideId, me.userId), {
      invalidate: (queryClient) => refresh(queryClient, rideId),
      success: t('members.left'),
    });
    if (done) {
      onLeft();
      void navigate(PATHS.myTrips);
    }
  };

  return (
    <Stack gap={0}>
      <Title order={3} fz="md" mb="xs">
        {t('members.peopleTitle')}
      </Title>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('members.peopleTitle')}>
        {data.members.map((m) => (
          <li key={m.userId} className={classes.row}>
            <Avatar size={36} radius="xl" color="brand" aria-hidden>
              {initialsOf(m.name)}
            </Avatar>
            <div className={classes.who}>
              <div className={classes.name}>
                <UserText>{m.name}</UserText>
                {m.userId === data.myUserId && (
                  <Text span c="dimmed" fz="sm">{` (${t('members.you')})`}</Text>
                )}
              </div>
              {m.email && (
                <div className={classes.email}>
                  <bdi dir="ltr">{m.email}</bdi>
                </div>
              )}
            </div>
            <div className={classes.actions}>
              {owner && m.role !== 'owner' ? (
                <>
                  <NativeSelect
                    size="xs"
                    aria-label={t('members.roleOf', { name: m.name })}
                    value={m.role}
                    disabled={busy}
                    data={MEMBER_ROLES.map((r) => ({ value: r, label: t(`members.roles.${r}`) }))}
                    onChange={(e) => void setRole(m, e.currentTarget.value as MemberRole)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    aria-label={t('members.removeOf', { name: m.name })}
                    onClick={() => void remove(m)}
                  >
                    <IconUserMinus size={18} aria-hidden />
                  </ActionIcon>
                </>
              ) : (
                <Badge variant="light" color={m.role === 'owner' ? 'brand' : 'gray'}>
                  {t(`members.roles.${m.role}`)}
                </Badge>
              )}
            </div>
          </li>
        ))}
      </ul>
      {data.members.length === 1 && owner && (
        <Text c="dimmed" fz="sm" mt="xs">
          {t('members.nobodyYet')}
        </Text>
      )}
      {me && (
        <Stack gap="xs" mt="md" align="flex-start">
          {leaving ? (
            <>
              <Text fz="sm">{t('members.leaveConfirm')}</Text>
              <Group gap="xs">
                <Button color="red" loading={busy} onClick={() => void leave()}>
                  {t('members.leave')}
                </Button>
                <Button variant="default" onClick={() => setLeaving(false)}>
                  {t('members.close')}
                </Button>
              </Group>
            </>
          ) : (
            <Button
              variant="light"
              color="red"
              leftSection={<IconUserMinus size={18} aria-hidden />}
              onClick={() => setLeaving(true)}
            >
              {t('members.leave')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function OpenInvites({ rideId, invites }: { rideId: number; invites: TripInvite[] }) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const revoke = (i: TripInvite) =>
    run(() => revokeInvite(rideId, i.id), {
      invalidate: (queryClient) => queryClient.invalidateQueries({ queryKey: tripMembersKeys.trip(rideId) }),
      success: t('members.revoked'),
    });
  return (
    <Stack gap={0}>
      <Title order={3} fz="md" mb="xs">
        {t('members.invitesTitle')}
      </Title>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('members.invitesTitle')}>
        {invites.map((i) => {
          const who = i.email ?? t('members.byLink');
          return (
            <li key={i.id} className={classes.row}>
              <div className={classes.who}>
                <div className={classes.name}>{i.email ? <bdi dir="ltr">{i.email}</bdi> : who}</div>
                <div className={classes.email}>
                  {t(`members.roles.${i.role}`)} ·{' '}
                  {t('members.until', { date: toDisplayMoment(i.expiresAt) ?? '' })}
                </div>
              </div>
              <div className={classes.actions}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={busy}
                  aria-label={t('members.revokeOf', { who })}
                  onClick={() => void revoke(i)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </div>
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
