import { useEffect, useId, useRef, useState } from 'react';
import { ActionIcon, UnstyledButton } from '@mantine/core';
import { IconDevicesX, IconLogout, IconMenu2, IconUserCircle, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { openAppModal } from '../../lib/modal-controller';
import { PATHS, paths } from '../../lib/paths';
import { endSession, useSession } from '../../lib/session-store';
import classes from './MobileMenu.module.css';

/**
 * The main menu below 768 px, as a disclosure (a button that shows a list of links), which keeps
 * floating-ui and Mantine's Menu out of the first download. Closes on Escape, outside click and navigation.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const session = useSession();
  const [path, setPath] = useState(location.pathname);
  if (path !== location.pathname) {
    setPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const Icon = open ? IconX : IconMenu2;
  return (
    <div ref={root} className={classes.root}>
      <ActionIcon
        ref={button}
        variant="subtle"
        color="gray"
        c="gray.9"
        size="lg"
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon aria-hidden size={22} />
      </ActionIcon>
      <nav id={id} aria-label={t('nav.main')} className={classes.panel} hidden={!open}>
        <NavLink to={PATHS.home} end className={classes.item}>
          {t('nav.home')}
        </NavLink>
        <NavLink to={PATHS.about} className={classes.item}>
          {t('nav.about')}
        </NavLink>
        {session && (
          <>
            <NavLink to={PATHS.myTrips} className={classes.item}>
              {t('nav.myTrips')}
            </NavLink>
            <NavLink to={paths.rideInformation()} end className={classes.item}>
              {t('nav.newTrip')}
            </NavLink>
            {session.role === 'manager' && (
              <NavLink to={PATHS.plannerLibrary} className={classes.item}>
                {t('nav.plannerLibrary')}
              </NavLink>
            )}
            {session.isAdmin && (
              <NavLink to={PATHS.deviceManagement} className={classes.item}>
                {t('nav.admin')}
              </NavLink>
            )}
          </>
        )}
        <UnstyledButton
          className={classes.item}
          onClick={() => {
            setOpen(false);
            openAppModal('contact');
          }}
        >
          {t('nav.contact')}
        </UnstyledButton>
        {session && (
          <div className={classes.account}>
            <p className={classes.who}>
              <span>{t('account.signedInAs', { name: session.userName || t('account.defaultName') })}</span>
            </p>
            <UnstyledButton
              className={classes.item}
              onClick={() => {
                setOpen(false);
                openAppModal('accountSettings');
              }}
            >
              <IconUserCircle aria-hidden size={18} />
              {t('account.settings')}
            </UnstyledButton>
            <UnstyledButton
              className={classes.item}
              onClick={() => {
                setOpen(false);
                endSession('signed-out');
              }}
            >
              <IconLogout aria-hidden size={18} />
              {t('account.signOut')}
            </UnstyledButton>
            <UnstyledButton
              className={classes.item}
              onClick={() => {
                setOpen(false);
                openAppModal('signOutEverywhere');
              }}
            >
              <IconDevicesX aria-hidden size={18} />
              {t('account.signOutEverywhere')}
            </UnstyledButton>
          </div>
        )}
      </nav>
    </div>
  );
}
