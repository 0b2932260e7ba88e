import { Button, Group, Progress, Table, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChartBar,
  IconDevices,
  IconSelector,
  IconUser,
} from '@tabler/icons-react';
import type { SuspiciousUser } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import {
  deviceCountPercent,
  deviceCountTone,
  TONE_COLORS,
  type Sort,
  type SortColumn,
} from '../lib/device-rules';
import { RiskBadge, useReasonText } from './RiskBadge';
import classes from './DeviceManagement.module.css';

export type UserAction = 'devices' | 'analysis' | 'profile';

const COLUMNS: { column: SortColumn; label: string }[] = [
  { column: 'email', label: 'admin.table.email' },
  { column: 'username', label: 'admin.table.username' },
  { column: 'device_count', label: 'admin.table.deviceCount' },
  { column: 'total_logins', label: 'admin.table.totalLogins' },
  { column: 'risk_level', label: 'admin.table.riskLevel' },
];

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
 * The "Suspicious Users" table (002 §2.3): sortable headers (a second click turns the order), the device count with
 * its bar (count over 10, the 002 §9 colours), the risk badge and reason, and the three actions. On a phone the
 * table scrolls sideways inside its frame; the page does not.
 */
export function SuspiciousUsersTable({
  rows,
  sort,
  onSort,
  onAction,
}: {
  rows: SuspiciousUser[];
  sort: Sort;
  onSort: (column: SortColumn) => void;
  onAction: (action: UserAction, user: SuspiciousUser) => void;
}) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  return (
    <Table.ScrollContainer minWidth={980} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ column, label }) => {
              const active = sort.column === column;
              const Icon = !active ? IconSelector : sort.descending ? IconArrowDown : IconArrowUp;
              return (
                <Table.Th
                  key={column}
                  aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                >
                  <UnstyledButton className={classes.sortButton} onClick={() => onSort(column)}>
                    <span>{t(label)}</span>
                    <Icon aria-hidden size={14} />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            <Table.Th>{t('admin.table.reason')}</Table.Th>
            <Table.Th>{t('admin.table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((user) => (
            <Table.Tr key={user.user_id} data-testid="suspicious-user">
              <Table.Td className={classes.email}>
                {user.email ? <bdi dir="ltr">{user.email}</bdi> : t('admin.dates.missing')}
              </Table.Td>
              <Table.Td>{user.username}</Table.Td>
              <Table.Td>
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
              </Table.Td>
              <Table.Td>{user.total_logins}</Table.Td>
              <Table.Td>
                <RiskBadge level={user.risk_level} />
              </Table.Td>
              <Table.Td className={classes.reason}>{reasonText(user.reason)}</Table.Td>
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
