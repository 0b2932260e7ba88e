import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MAX_ADMIN_SEARCH } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import classes from './PlannerUsage.module.css';

/** The search of a planners' listing by name or email (asked of the server, decision 0038). */
export function ListingSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      className={classes.toolbarField}
      type="search"
      label={t('admin.listing.search')}
      placeholder={t('admin.listing.searchPlaceholder')}
      leftSection={<IconSearch aria-hidden size={16} />}
      maxLength={MAX_ADMIN_SEARCH}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
