import { VisuallyHidden } from '@mantine/core';
import { IconBuildingMonument, IconToolsKitchen2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivityCategory } from '../lib/add-params';
import classes from './AddActivity.module.css';

/**
 * The two category cards (000 §2): attractions (the maps service's googleAttractions, with our attractions from other
 * trips) and restaurants (googleRestorant). Radio buttons drawn as cards: arrows move between them.
 */
export function CategoryCards({ value, onChange }: { value: ActivityCategory; onChange: (c: ActivityCategory) => void }) {
  const { t } = useTranslation();
  const card = (c: ActivityCategory, icon: React.ReactNode, title: string, hint: string) => (
    <label className={classes.categoryCard}>
      <input
        type="radio"
        name="activity-category"
        value={c}
        checked={value === c}
        onChange={() => onChange(c)}
      />
      {icon}
      <span>
        {title}
        <small>{hint}</small>
      </span>
    </label>
  );
  return (
    <fieldset className={classes.cards}>
      <VisuallyHidden component="legend">{t('addActivity.categoryLegend')}</VisuallyHidden>
      {card('attractions', <IconBuildingMonument size={22} aria-hidden />, t('addActivity.attractions'), t('addActivity.attractionsHint'))}
      {card('restaurants', <IconToolsKitchen2 size={22} aria-hidden />, t('addActivity.restaurants'), t('addActivity.restaurantsHint'))}
    </fieldset>
  );
}
