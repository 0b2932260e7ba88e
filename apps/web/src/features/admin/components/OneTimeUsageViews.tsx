import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import type { OneTimeUsageManager } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { DateText } from './DateText';
import classes from './PlannerUsage.module.css';

/** The summary view (002 §2.5): planner, email, trips, accesses, details. */
export function UsageSummaryTable({
  rows,
  onDetails,
}: {
  rows: OneTimeUsageManager[];
  onDetails: (row: OneTimeUsageManager) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.usage.manager')}</Table.Th>
            <Table.Th>{t('admin.usage.email')}</Table.Th>
            <Table.Th>{t('admin.usage.rides')}</Table.Th>
            <Table.Th>{t('admin.usage.accesses')}</Table.Th>
            <Table.Th>{t('admin.usage.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.manager_id} data-testid="usage-row">
              <Table.Td>{m.manager_username || t('admin.dates.missing')}</Table.Td>
              <Table.Td className={classes.email}>
                {m.manager_email ? <bdi dir="ltr">{m.manager_email}</bdi> : t('admin.dates.missing')}
              </Table.Td>
              <Table.Td>{m.total_rides}</Table.Td>
              <Table.Td>{m.total_accesses}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconListDetails aria-hidden size={14} />}
                  aria-label={t('admin.usage.detailsOf', { name: m.manager_username })}
                  onClick={() => onDetails(m)}
                >
                  {t('admin.usage.viewDetails')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One planner's trips with each access (002 §2.5, the detailed view and the details modal): the trip's title, id,
 * days, dates and number of accesses, then each access: usage id, user id or "Anonymous", message or "No message",
 * time.
 */
export function ManagerUsage({ manager }: { manager: OneTimeUsageManager }) {
  const { t } = useTranslation();
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
          <Table.ScrollContainer minWidth={520} type="native">
            <Table verticalSpacing={4} className={classes.table} mt="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.usage.usageId')}</Table.Th>
                  <Table.Th>{t('admin.usage.user')}</Table.Th>
                  <Table.Th>{t('admin.usage.message')}</Table.Th>
                  <Table.Th>{t('admin.usage.createdAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ride.users.map((u) => (
                  <Table.Tr key={u.usage_id} data-testid="usage-access">
                    <Table.Td>{u.usage_id}</Table.Td>
                    <Table.Td>
                      {u.user_id ?? (
                        <Text span c="dimmed" size="sm">
                          {t('admin.usage.anonymous')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td className={classes.title}>
                      {u.message ? (
                        <bdi>{u.message}</bdi>
                      ) : (
                        <Text span c="dimmed" size="sm">
                          {t('admin.usage.noMessage')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>
                      <DateText value={u.created_time} withTime />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
