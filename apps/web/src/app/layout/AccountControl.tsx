import { ActionIcon, Button, Group, Text, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import { IconBooks, IconDevicesX, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openAppModal } from '../../lib/modal-controller';
import { PATHS } from '../../lib/paths';
import { endSession, useSession } from '../../lib/session-store';
import hidden from '../../components/VisuallyHidden.module.css';
import classes from './AccountControl.module.css';

/**
 * "Sign in" when signed out; the user's name (a button: their settings), a sign-out button and "sign out of all devices"
 * (an icon with its name as a tooltip, so the header still fits at 768 px; it asks first) when signed in.
 * Below 768 px the signed-in part moves into the mobile menu, so the header fits a 360 px phone.
 * A platform admin (decision 0035) also gets the link to the admin screens, a manager the link to their library.
 */
export function AccountControl() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) {
    return (
      <Button size="sm" onClick={() => openAppModal('login')}>
        {t('account.signIn')}
      </Button>
    );
  }
  const name = session.userName || t('account.defaultName');
  const signOut = () => endSession('signed-out');
  return (
    <Group gap={4} wrap="nowrap" className={classes.account} visibleFrom="sm">
      {/* The user's name opens their settings (issue 35: the home currency of their trips' costs). */}
      <UnstyledButton
        className={classes.who}
        title={`${t('account.signedInAs', { name })} · ${t('account.settings')}`}
        onClick={() => openAppModal('accountSettings')}
      >
        <IconUserCircle aria-hidden size={22} className={classes.icon} />
        <Text component="span" fw={600} size="sm" className={classes.name}>
          <span className={hidden.visuallyHidden}>{t('account.signedInPrefix')} </span>
          {name}
          <span className={hidden.visuallyHidden}> · {t('account.settings')}</span>
        </Text>
      </UnstyledButton>
      {session.role === 'manager' && (
        <Button
          component={Link}
          to={PATHS.plannerLibrary}
          variant="subtle"
          color="gray"
          c="gray.9"
          size="sm"
          px="xs"
          title={t('nav.plannerLibrary')}
          leftSection={<IconBooks aria-hidden size={18} />}
          classNames={{ section: classes.compactSection }}
        >
          <span className={classes.compactLabel}>{t('nav.plannerLibrary')}</span>
        </Button>
      )}
      {session.isAdmin && (
        <Button
          component={Link}
          to={PATHS.deviceManagement}
          variant="subtle"
          color="gray"
          c="gray.9"
          size="sm"
          px="xs"
          title={t('nav.admin')}
          leftSection={<IconShieldLock aria-hidden size={18} />}
          classNames={{ section: classes.compactSection }}
        >
          <span className={classes.compactLabel}>{t('nav.admin')}</span>
        </Button>
      )}
      <Button
        variant="subtle"
        color="gray"
        c="gray.9"
        size="sm"
        px="xs"
        onClick={signOut}
        title={t('account.signOut')}
        leftSection={<IconLogout aria-hidden size={18} />}
        classNames={{ section: classes.compactSection }}
      >
        <span className={classes.compactLabel}>{t('account.signOut')}</span>
      </Button>
      <SignOutEverywhereButton />
    </Group>
  );
}

/** An account action as an icon with its name as a tooltip, opening its dialog. */
function AccountIconButton({
  hiddenFrom,
  label,
  modal,
  children,
}: {
  hiddenFrom?: MantineBreakpoint | undefined;
  label: string;
  modal: Parameters<typeof openAppModal>[0];
  children: React.ReactNode;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      c="gray.9"
      size="lg"
      hiddenFrom={hiddenFrom}
      aria-label={label}
      title={label}
      onClick={() => openAppModal(modal)}
    >
      {children}
    </ActionIcon>
  );
}

/**
 * "Your settings" (issue 35: the home currency of the user's trips): the partner header's on a phone, which has no menu
 * (elsewhere the user's name opens them, and the phone's menu has the item).
 */
export function AccountSettingsButton({ hiddenFrom }: { hiddenFrom?: MantineBreakpoint }) {
  const { t } = useTranslation();
  return (
    <AccountIconButton hiddenFrom={hiddenFrom} label={t('account.settings')} modal="accountSettings">
      <IconUserCircle aria-hidden size={22} />
    </AccountIconButton>
  );
}

/**
 * "Sign out of all devices": it opens the dialog that asks first (decision 0024). The one such button: the account
 * control's, and the partner header's on a phone (`hiddenFrom="sm"`).
 */
export function SignOutEverywhereButton({ hiddenFrom }: { hiddenFrom?: MantineBreakpoint }) {
  const { t } = useTranslation();
  return (
    <AccountIconButton
      hiddenFrom={hiddenFrom}
      label={t('account.signOutEverywhere')}
      modal="signOutEverywhere"
    >
      <IconDevicesX aria-hidden size={20} />
    </AccountIconButton>
  );
}
