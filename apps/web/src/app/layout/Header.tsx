import { Anchor, Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Logo } from '../../components/Logo';
import { openAppModal } from '../../lib/modal-controller';
import { PATHS } from '../../lib/paths';
import { AccountControl } from './AccountControl';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileMenu } from './MobileMenu';
import classes from './Header.module.css';

/**
 * Product header: logo, main menu, language switch and account. On a white-label sub-domain the product's
 * logo and menu are hidden (000 §1); the language switch and account stay, as a thin bar.
 */
export function Header({ subdomain }: { subdomain: boolean }) {
  const { t } = useTranslation();
  if (subdomain) {
    return (
      <header className={classes.header} data-subdomain>
        <Group className={classes.inner} justify="flex-end" gap="xs">
          <LanguageSwitch />
          <AccountControl />
        </Group>
      </header>
    );
  }
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
