import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PATHS } from '../../../lib/paths';
import classes from './PlannerUsage.module.css';

const SCREENS = [
  { to: PATHS.deviceManagement, label: 'admin.nav.deviceManagement' },
  { to: PATHS.rideManagerBilling, label: 'admin.nav.billing' },
  { to: PATHS.oneTimeAccessUsage, label: 'admin.nav.oneTimeUsage' },
] as const;

/** The three admin screens, one step from each other (the current one marked for the reader and the screen reader). */
export function AdminNav() {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('admin.nav.label')} gap="xs" className={classes.adminNav}>
      {SCREENS.map((s) => (
        <NavLink key={s.to} to={s.to} className={classes.adminNavLink} end>
          {t(s.label)}
        </NavLink>
      ))}
    </Group>
  );
}
