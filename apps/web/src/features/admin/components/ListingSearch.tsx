import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MAX_ADMIN_SEARCH } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import classes from './PlannerUsage.module.css';

/** The search of a listing by name or email (asked of the server, decisions 0038, 0035); planners' by default. */
export function ListingSearch({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      className={classes.toolbarField}
      type="search"
      label={label ?? t('admin.listing.search')}
      placeholder={t('admin.listing.searchPlaceholder')}
      leftSection={<IconSearch aria-hidden size={16} />}
      maxLength={MAX_ADMIN_SEARCH}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
