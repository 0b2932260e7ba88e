import { useState } from 'react';
import { Button, Group, NativeSelect, Paper } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { DAYS_BACK_CHOICES, MIN_DEVICES_CHOICES, RISK_LEVELS } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import type { DeviceFilter } from '../api/device-management';
import classes from './DeviceManagement.module.css';

/**
 * The filters of 002 §2.3, §5: chosen here, applied together by the button (the page then goes back to page 1 and
 * the list is read again, filtered, sorted and paged by the server).
 */
export function DeviceFilters({ applied, onApply }: { applied: DeviceFilter; onApply: (f: DeviceFilter) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(applied);
  return (
    <Paper withBorder p="md" radius="md">
      <form
        className={classes.filters}
        aria-label={t('admin.filters.title')}
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        <NativeSelect
          label={t('admin.filters.minDevices')}
          value={String(draft.minDevices)}
          data={MIN_DEVICES_CHOICES.map((n) => String(n))}
          onChange={(e) => setDraft({ ...draft, minDevices: Number(e.currentTarget.value) })}
        />
        <NativeSelect
          label={t('admin.filters.daysBack')}
          value={String(draft.daysBack)}
          data={DAYS_BACK_CHOICES.map((n) => ({
            value: String(n),
            label: t('admin.filters.days', { count: n }),
          }))}
          onChange={(e) => setDraft({ ...draft, daysBack: Number(e.currentTarget.value) })}
        />
        <NativeSelect
          label={t('admin.filters.risk')}
          value={draft.risk}
          data={[
            { value: 'all', label: t('admin.filters.riskAll') },
            ...RISK_LEVELS.map((level) => ({ value: level, label: t(`admin.risk.${level}`) })),
          ]}
          onChange={(e) => setDraft({ ...draft, risk: e.currentTarget.value as DeviceFilter['risk'] })}
        />
        <Group className={classes.applyCell}>
          <Button type="submit" leftSection={<IconFilter aria-hidden size={16} />}>
            {t('admin.filters.apply')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
