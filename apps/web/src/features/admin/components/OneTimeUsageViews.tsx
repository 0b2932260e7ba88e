import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import type { OneTimeAccess, OneTimeUsageManager, UsageSort } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { hasText } from '../../../lib/i18n';
import { AppModal } from '../../../components/AppModal';
import { accessMessageKey } from '../lib/planner-usage-rules';
import type { SortState } from '../lib/table-rules';
import { DataTable, type Column } from './DataTable';
import { DateText } from './DateText';
import classes from './PlannerUsage.module.css';

/** The summary view (002 §2.5): planner, email, trips, accesses, details; sorted by the server (decision 0038). */
export function UsageSummaryTable({
  rows,
  sort,
  onSort,
  onDetails,
}: {
  rows: OneTimeUsageManager[];
  sort: SortState<UsageSort>;
  onSort: (column: UsageSort) => void;
  onDetails: (row: OneTimeUsageManager) => void;
}) {
  const { t } = useTranslation();
  const missing = t('admin.dates.missing');
  const columns: Column<OneTimeUsageManager, UsageSort>[] = [
    {
      header: t('admin.usage.manager'),
      sort: 'manager_username',
      cell: (m) => m.manager_username || missing,
    },
    {
      header: t('admin.usage.email'),
      sort: 'manager_email',
      layout: 'email',
      cell: (m) => (m.manager_email ? <bdi dir="ltr">{m.manager_email}</bdi> : missing),
    },
    { header: t('admin.usage.rides'), sort: 'total_rides', cell: (m) => m.total_rides },
    { header: t('admin.usage.accesses'), sort: 'total_accesses', cell: (m) => m.total_accesses },
    {
      header: t('admin.usage.actions'),
      cell: (m) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconListDetails aria-hidden size={14} />}
          aria-label={t('admin.usage.detailsOf', { name: m.manager_username })}
          onClick={() => onDetails(m)}
        >
          {t('admin.usage.viewDetails')}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(m) => m.manager_id}
      minWidth={640}
      sort={sort}
      onSort={onSort}
      rowTestId="usage-row"
    />
  );
}

/**
 * One planner's trips with each access (002 §2.5, the detailed view and the details modal): the trip's title, id,
 * days, dates and number of accesses, then each access: usage id, the user's name (or "Anonymous"), what happened in
 * words (or "No message"), time. Names and words rather than ids and codes (issue 30).
 */
function ManagerUsage({ manager }: { manager: OneTimeUsageManager }) {
  const { t, i18n } = useTranslation();
  const messageText = (message: string) => {
    const key = accessMessageKey(message, (k) => i18n.exists(k));
    return key && hasText(i18n, key) ? t(key) : message;
  };
  const accessColumns: Column<OneTimeAccess>[] = [
    { header: t('admin.usage.usageId'), cell: (u) => u.usage_id },
    {
      header: t('admin.usage.user'),
      cell: (u) =>
        u.user_id === null ? (
          <Text span c="dimmed" size="sm">
            {t('admin.usage.anonymous')}
          </Text>
        ) : (
          <bdi title={t('admin.usage.userId', { id: u.user_id })}>
            {u.user_name ?? t('admin.usage.userId', { id: u.user_id })}
          </bdi>
        ),
    },
    {
      header: t('admin.usage.message'),
      layout: 'title',
      cell: (u) =>
        u.message ? (
          <bdi>{messageText(u.message)}</bdi>
        ) : (
          <Text span c="dimmed" size="sm">
            {t('admin.usage.noMessage')}
          </Text>
        ),
    },
    {
      header: t('admin.usage.createdAt'),
      layout: 'nowrap',
      cell: (u) => <DateText value={u.created_time} withTime />,
    },
  ];
  return (
    <Stack gap="md">
      {manager.rides.map((ride) => (
        <section key={ride.ride_id} className={classes.ride} data-testid="usage-ride">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Title order={4} size="h5" className={classes.title}>
              {ride.ride_title}
            </Title>
            <Badge variant="light">{t('admin.usage.accessCount', { count: ride.users.length })}</Badge>
          </Group>
          <dl className={classes.facts}>
            <div>
              <dt>{t('admin.usage.rideId')}</dt>
              <dd>{ride.ride_id}</dd>
            </div>
            <div>
              <dt>{t('admin.usage.duration')}</dt>
              <dd>{t('admin.usage.days', { count: ride.duration_days })}</dd>
            </div>
            <div>
              <dt>{t('admin.usage.start')}</dt>
              <dd>
                <DateText value={ride.ride_start_date} />
              </dd>
            </div>
            <div>
              <dt>{t('admin.usage.end')}</dt>
              <dd>
                <DateText value={ride.ride_end_date} />
              </dd>
            </div>
          </dl>
          <DataTable
            columns={accessColumns}
            rows={ride.users}
            rowKey={(u) => u.usage_id}
            minWidth={520}
            striped={false}
            verticalSpacing={4}
            rowTestId="usage-access"
          />
        </section>
      ))}
    </Stack>
  );
}

/** The detailed view: every planner, each with their trips and accesses. */
export function UsageDetailed({ rows }: { rows: OneTimeUsageManager[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {rows.map((m) => (
        <Paper key={m.manager_id} withBorder radius="md" p="md" data-testid="usage-manager">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <div>
              <Title order={3} size="h4">
                {m.manager_username}
              </Title>
              {m.manager_email && (
                <Text c="dimmed" size="sm">
                  <bdi dir="ltr">{m.manager_email}</bdi>
                </Text>
              )}
            </div>
            <Text size="sm">
              {t('admin.usage.managerTotals', { rides: m.total_rides, accesses: m.total_accesses })}
            </Text>
          </Group>
          <ManagerUsage manager={m} />
        </Paper>
      ))}
    </Stack>
  );
}

/** The details modal: one planner's trips and accesses. */
export function UsageDetailsModal({
  manager,
  onClose,
}: {
  manager: OneTimeUsageManager;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened
      onClose={onClose}
      size="xl"
      title={t('admin.usage.detailsTitle', { name: manager.manager_username })}
    >
      <Stack gap="sm">
        <Text size="sm">
          {manager.manager_email && <bdi dir="ltr">{manager.manager_email}</bdi>}
          {manager.manager_email && ' · '}
          {t('admin.usage.managerTotals', { rides: manager.total_rides, accesses: manager.total_accesses })}
        </Text>
        <ManagerUsage manager={manager} />
      </Stack>
    </AppModal>
  );
}
