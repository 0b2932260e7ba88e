import { IconBrandWaze, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { googleMapsUrl, wazeUrl } from '../lib/navigation';
import actions from './Actions.module.css';

/**
 * Navigation to a place in Google Maps and in Waze (000 §2), each named with the place for screen readers. Used by
 * the trip page and the offline view (the links open outside the app, and work once the connection is back).
 * Rendered inside the caller's row of actions (a fragment), so a card's buttons wrap as one group.
 */
export function NavigationLinks({
  point,
  name,
  address,
}: {
  point: { lat: number; lng: number };
  name: string;
  /** Where to navigate instead of the point (a stay's navigation address). */
  address?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <a
        className={`${actions.action} ${actions.light}`}
        href={googleMapsUrl(point, address)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('navigation.googleLabel', { name })}
      >
        <IconMapPin size={16} aria-hidden />
        {t('navigation.google')}
      </a>
      <a
        className={`${actions.action} ${actions.light}`}
        href={wazeUrl(point, address)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('navigation.wazeLabel', { name })}
      >
        <IconBrandWaze size={16} aria-hidden />
        {t('navigation.waze')}
      </a>
    </>
  );
}
