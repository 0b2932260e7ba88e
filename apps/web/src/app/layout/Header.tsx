import { ActionIcon, Anchor, Group, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Logo, PartnerLogo } from '../../components/Logo';
import { openAppModal } from '../../lib/modal-controller';
import { PATHS, paths } from '../../lib/paths';
import { endSession, useSession } from '../../lib/session-store';
import { useSubdomainTheme } from '../../lib/subdomain';
import { AccountControl, AccountSettingsButton, SignOutEverywhereButton } from './AccountControl';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileMenu } from './MobileMenu';
import classes from './Header.module.css';

/**
 * Product header: logo, main menu, language switch and account. On a white-label sub-domain the product's
 * logo and menu are hidden (000 §1): a thin bar with the partner's logo, the language switch and the account.
 */
export function Header({ subdomain }: { subdomain: boolean }) {
  if (subdomain) return <PartnerHeader />;
  return <ProductHeader />;
}

function PartnerHeader() {
  const { t } = useTranslation();
  const theme = useSubdomainTheme();
  const session = useSession();
  return (
    <header className={classes.header} data-subdomain>
      <Group className={classes.inner} justify="space-between" wrap="nowrap" gap="xs">
        <PartnerLogo src={theme?.logoUrl} name={theme?.name} />
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch />
          <AccountControl />
          {session && (
            // Below 768 px the account control shows no sign-out (it lives in the product's mobile menu, absent here).
            <>
              <AccountSettingsButton hiddenFrom="sm" />
              <ActionIcon
                variant="subtle"
                color="gray"
                c="gray.9"
                size="lg"
                hiddenFrom="sm"
                aria-label={t('account.signOut')}
                onClick={() => endSession('signed-out')}
              >
                <IconLogout aria-hidden size={20} />
              </ActionIcon>
              <SignOutEverywhereButton hiddenFrom="sm" />
            </>
          )}
        </Group>
      </Group>
    </header>
  );
}

function ProductHeader() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <header className={classes.header}>
      <Group className={classes.inner} justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xl" wrap="nowrap">
          <Anchor
            component={NavLink}
            to={PATHS.home}
            underline="never"
            aria-label={t('nav.homeLabel')}
            className={classes.logoLink}
          >
            <Logo />
          </Anchor>
          <nav aria-label={t('nav.main')} className={classes.nav}>
            <NavLink to={PATHS.home} end className={classes.link}>
              {t('nav.home')}
            </NavLink>
            <NavLink to={PATHS.about} className={classes.link}>
              {t('nav.about')}
            </NavLink>
            {session && (
              <>
                <NavLink to={PATHS.myTrips} className={classes.link}>
                  {t('nav.myTrips')}
                </NavLink>
                <NavLink to={paths.rideInformation()} end className={classes.link}>
                  {t('nav.newTrip')}
                </NavLink>
              </>
            )}
            <UnstyledButton className={classes.link} onClick={() => openAppModal('contact')}>
              {t('nav.contact')}
            </UnstyledButton>
          </nav>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch />
          <AccountControl />
          <MobileMenu />
        </Group>
      </Group>
    </header>
  );
}
