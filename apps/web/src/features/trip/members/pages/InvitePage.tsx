import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLogin, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { AcceptInviteResponse } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { StatusPage } from '../../../../components/StatusPage';
import { errorCode } from '../../../../lib/api';
import { toDisplayMoment } from '../../../../lib/display-date';
import { messageKey } from '../../../../lib/i18n';
import { openAppModal } from '../../../../lib/modal-controller';
import { PATHS, paths } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session-store';
import { session as sessionStorage } from '../../../../lib/storage';
import { showToast } from '../../../../lib/toast';
import { useWrite } from '../../../../lib/use-write';
import { acceptInvite, inviteInformationQuery } from '../api/invites';

/** The invitation to accept once its visitor has signed in or registered here (it outlives a reload, a provider). */
const ACCEPT_AFTER_SIGN_IN = 'tripInviteAcceptAfterSignIn';
/** A token as the server makes one: anything else is not an invitation of ours (told without asking). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const isolate = (s: string) => `\u2068${s}\u2069`;

/**
 * /invite/:token (issue 33 point 1, decision 0063): an invitation to plan a trip together. It says who invites and
 * with which role (nothing of the trip itself). A signed-in reader accepts and lands on the trip; a visitor registers
 * or signs in here (the app's dialog over this page) and is then taken in at once: the page, the dialog, the trip.
 * A used, expired, revoked or unknown invitation says so, in the reader's language.
 */
export default function InvitePage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session !== null;
  const wellFormed = TOKEN_SHAPE.test(token);
  const info = useQuery({ ...inviteInformationQuery(token), enabled: wellFormed });
  const { run, busy } = useWrite();
  const [refusal, setRefusal] = useState<string | null>(null);
  const accepting = useRef(false);
  const title = t('members.invitePage.title');
  const data = info.data;

  const arrive = (res: AcceptInviteResponse) => {
    sessionStorage.remove(ACCEPT_AFTER_SIGN_IN);
    showToast({
      color: 'brand',
      message: t('members.invitePage.joined', { role: t(`members.roles.${res.role}`) }),
    });
    void navigate(paths.trip(res.rideId), { replace: true });
  };

  const accept = async () => {
    if (accepting.current) return;
    accepting.current = true;
    const res = await run(() => acceptInvite(token), {
      // Whatever was read before joining (the trip as a stranger's, my trips) is read again as a member's.
      invalidate: (queryClient) => queryClient.invalidateQueries(),
      onError: (error) => {
        setRefusal(errorCode(error));
        return true;
      },
    });
    accepting.current = false;
    sessionStorage.remove(ACCEPT_AFTER_SIGN_IN);
    if (res) arrive(res);
  };

  // A visitor who signs in or registers while here (this page's buttons or the header's) is taken in at once.
  const pending = sessionStorage.get(ACCEPT_AFTER_SIGN_IN) === token;
  useEffect(() => {
    if (!signedIn && data) sessionStorage.set(ACCEPT_AFTER_SIGN_IN, token);
  }, [signedIn, data, token]);
  useEffect(() => {
    if (!signedIn || !data || !pending || accepting.current) return;
    // Deferred past this effect, so the write's busy state is set by its own tick.
    void Promise.resolve().then(accept);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sign-in
  }, [signedIn, data, pending]);

  if (!wellFormed || info.isError || refusal)
    return (
      <StatusPage icon={IconAlertTriangle} title={t('members.invitePage.errorTitle')} role="alert">
        <Text>{t(messageKey(refusal ?? (wellFormed ? errorCode(info.error) : 'invite_not_found')))}</Text>
        {refusal !== 'already_a_member' && <Text c="dimmed">{t('members.invitePage.askAgain')}</Text>}
        <Button component={Link} to={PATHS.home} variant="default">
          {t('members.invitePage.home')}
        </Button>
      </StatusPage>
    );
  if (!data || (signedIn && pending))
    return (
      <StatusPage icon={IconUsers} title={title}>
        <LoadingIndicator p="md" />
      </StatusPage>
    );

  const role = t(`members.roles.${data.role}`);
  return (
    <StatusPage icon={IconUsers} title={title} size={620} gap="lg">
      <Text fz="lg">
        {t('members.invitePage.text', {
          inviter: isolate(data.inviterName || t('members.invitePage.someone')),
          role,
        })}
      </Text>
      <Alert variant="light" color="brand" style={{ textAlign: 'start' }} title={role}>
        {t(`members.roleHelp.${data.role}`)}
      </Alert>
      <Text c="dimmed" fz="sm">
        {data.maskedEmail && <>{t('members.invitePage.sentTo', { email: isolate(data.maskedEmail) })} </>}
        {t('members.invitePage.until', { date: toDisplayMoment(data.expiresAt) ?? '' })}
      </Text>
      {signedIn ? (
        <Button
          size="md"
          loading={busy}
          onClick={() => void accept()}
          leftSection={<IconUsers size={18} aria-hidden />}
        >
          {t('members.invitePage.accept')}
        </Button>
      ) : (
        <Stack gap="sm" align="center">
          <Button
            size="md"
            onClick={() => openAppModal('register')}
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            {t('members.invitePage.register')}
          </Button>
          <Button
            variant="light"
            onClick={() => openAppModal('login')}
            leftSection={<IconLogin size={18} aria-hidden />}
          >
            {t('members.invitePage.signIn')}
          </Button>
          <Text c="dimmed" fz="sm">
            {t('members.invitePage.newHere')}
          </Text>
        </Stack>
      )}
    </StatusPage>
  );
}
