import { Button, Group, Progress, Text } from '@mantine/core';
import { IconChartBar, IconDevices, IconUser } from '@tabler/icons-react';
import type { SuspiciousSort, SuspiciousUser } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import {
  deviceCountPercent,
  deviceCountTone,
  TONE_COLORS,
} from '../lib/device-rules';
import type { SortState } from '../lib/table-rules';
import { DataTable, type Column } from './DataTable';
import { RiskBadge, useReasonText } from './RiskBadge';
import classes from './DeviceManagement.module.css';

export type UserAction = 'devices' | 'analysis' | 'profile';

/** The row's actions (002 §2.3): each opens its modal; the accessible name says whose. */
const ACTIONS = [
  {
    action: 'devices',
    Icon: IconDevices,
    color: undefined,
    label: 'admin.table.viewDevices',
    name: 'admin.table.devicesOf',
  },
  {
    action: 'analysis',
    Icon: IconChartBar,
    color: 'grape',
    label: 'admin.table.viewAnalysis',
    name: 'admin.table.analysisOf',
  },
  {
    action: 'profile',
    Icon: IconUser,
    color: 'gray',
    label: 'admin.table.viewProfile',
    name: 'admin.table.profileOf',
  },
] as const;

/**
 * The "Suspicious Users" table (002 §2.3): sortable headers, the device count with its bar (count over 10, the 002 §9
 * colours), the risk badge and reason, and the three actions.
 */
export function SuspiciousUsersTable({
  rows,
  sort,
  onSort,
  onAction,
}: {
  rows: SuspiciousUser[];
  sort: SortState<SuspiciousSort>;
  onSort: (column: SuspiciousSort) => void;
  onAction: (action: UserAction, user: SuspiciousUser) => void;
}) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const columns: Column<SuspiciousUser, SuspiciousSort>[] = [
    {
      header: t('admin.table.email'),
      sort: 'email',
      layout: 'email',
      cell: (user) => (user.email ? <bdi dir="ltr">{user.email}</bdi> : t('admin.dates.missing')),
    },
    { header: t('admin.table.username'), sort: 'username', cell: (user) => user.username },
    {
      header: t('admin.table.deviceCount'),
      sort: 'device_count',
      cell: (user) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={700} c={TONE_COLORS[deviceCountTone(user.device_count)]} span>
            {user.device_count}
          </Text>
          <Progress
            className={classes.countBar}
            value={deviceCountPercent(user.device_count)}
            color={TONE_COLORS[deviceCountTone(user.device_count)]}
            aria-label={t('admin.table.deviceBar', { count: user.device_count })}
          />
        </Group>
      ),
    },
    { header: t('admin.table.totalLogins'), sort: 'total_logins', cell: (user) => user.total_logins },
    {
      header: t('admin.table.riskLevel'),
      sort: 'risk_level',
      cell: (user) => <RiskBadge level={user.risk_level} />,
    },
    { header: t('admin.table.reason'), layout: 'reason', cell: (user) => reasonText(user.reason) },
    {
      header: t('admin.table.actions'),
      cell: (user) => (
        <Group gap={4} wrap="nowrap">
          {ACTIONS.map(({ action, Icon, color, label, name }) => (
            <Button
              key={action}
              size="compact-sm"
              variant="light"
              color={color}
              leftSection={<Icon aria-hidden size={14} />}
              aria-label={t(name, { name: user.username })}
              onClick={() => onAction(action, user)}
            >
              {t(label)}
            </Button>
          ))}
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(user) => user.user_id}
      minWidth={980}
      sort={sort}
      onSort={onSort}
      rowTestId="suspicious-user"
    />
  );
}
