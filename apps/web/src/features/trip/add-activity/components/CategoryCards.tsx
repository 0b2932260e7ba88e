import { Switch, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { IconMapPin, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../../../lib/client-config';
import type { ActivityCategory, ActivitySource } from '../lib/add-params';
import classes from './AddActivity.module.css';

interface CategoryCardsProps {
  source: ActivitySource;
  category: ActivityCategory;
  onChange: (next: { source?: ActivitySource; category?: ActivityCategory }) => void;
}

/**
 * The two category cards (000 §2): recommended from a maps service (named as configured: Google Maps, OpenStreetMap,
 * or, with none connected, our place directory), recommended from other trips. Radio buttons drawn
 * as cards (arrows move between them). With the maps service's card, a switch asks it for restaurants instead of
 * attractions (its googleRestorant search, 001 §7).
 */
export function CategoryCards({ source, category, onChange }: CategoryCardsProps) {
  const { t } = useTranslation();
  // The card names the source that answers (decision 0012): without a maps service, our directory and trips.
  const provider = useClientConfig().data?.placesSource ?? 'local';
  const card = (value: ActivitySource, icon: React.ReactNode, title: string, hint: string) => (
    <label className={classes.categoryCard}>
      <input
        type="radio"
        name="activity-source"
        value={value}
        checked={source === value}
        onChange={() => onChange({ source: value })}
      />
      {icon}
      <span>
        {title}
        <small>{hint}</small>
      </span>
    </label>
  );
  return (
    <>
      <fieldset className={classes.cards}>
        <VisuallyHidden component="legend">{t('addActivity.categoryLegend')}</VisuallyHidden>
        {card(
          'maps',
          <IconMapPin size={22} aria-hidden />,
          t(`addActivity.fromMapsCard.${provider}`),
          t(`addActivity.fromMapsHint.${provider}`),
        )}
        {card(
          'trips',
          <IconRoute size={22} aria-hidden />,
          t('addActivity.fromTripsCard'),
          t('addActivity.fromTripsHint'),
        )}
      </fieldset>
      {source === 'maps' && (
        <Switch
          mb="md"
          label={t('addActivity.restaurantsOnly')}
          checked={category === 'restaurants'}
          onChange={(e) => onChange({ category: e.currentTarget.checked ? 'restaurants' : 'attractions' })}
        />
      )}
    </>
  );
}
