import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../lib/paths';
import classes from './TripSubNav.module.css';

/**
 * The sub-navigation of a loaded trip (000 §2 "Sub-navigation when a trip is loaded"): the trip's activities
 * (/single_ride_with_map/{rideId}), its accommodations (/ride_checklist/{rideId}), and the page's share action
 * (`action`: the share button, or the private link's on a private trip) at the row's end.
 */
export function TripSubNav({ rideId, action }: { rideId: number; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.row}>
      <nav aria-label={t('tripSubNav.label')} className={classes.nav}>
        <NavLink to={paths.trip(rideId)} end className={classes.link}>
          {t('tripSubNav.activities')}
        </NavLink>
        <NavLink to={paths.tripChecklist(rideId)} className={classes.link}>
          {t('tripSubNav.accommodations')}
        </NavLink>
      </nav>
      {action}
    </div>
  );
}
