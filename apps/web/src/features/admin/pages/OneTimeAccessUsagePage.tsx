import { useEffect, useState } from 'react';
// The Mantine sheets only the admin screens use (app/mantine-styles.ts holds the shared ones), in their own chunk.
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import {
  Button,
  Container,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { DEFAULT_USAGE_DAYS_BACK, type OneTimeUsageManager, type UsageSort } from '@rides/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { useSession } from '../../../lib/session-store';
import { oneTimeUsageQuery, plannerUsageKeys } from '../api/planner-usage';
import { AdminNav } from '../components/AdminNav';
import { TablePager } from '../components/DataTable';
import { ListingSearch } from '../components/ListingSearch';
import { LoadFailure } from '../components/LoadFailure';
import { UsageDetailed, UsageDetailsModal, UsageSummaryTable } from '../components/OneTimeUsageViews';
import { EmptyState } from '../components/QueryState';
import { StatCard } from '../components/StatCard';
import { useServerListing } from '../hooks/useServerListing';
import { usableStartDate } from '../lib/planner-usage-rules';
import classes from '../components/PlannerUsage.module.css';
import { PATHS } from '../../../lib/paths';

/**
 * /admin/one_time_access_usage (002 §2.5; issue 21 point 4): platform admins only (decision 0035); anyone else is sent
 * to /. The server refuses the call to everyone else too (401 / 403).
 */
export default function OneTimeAccessUsagePage() {
  const session = useSession();
  if (!session?.isAdmin) return <Navigate to={PATHS.home} replace />;
  return <OneTimeAccessUsage />;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The planners with the most accesses first. */
const DEFAULT_SORT = { column: 'total_accesses', descending: true } as const;
const TEXT_COLUMNS: readonly UsageSort[] = ['manager_username', 'manager_email'];

function OneTimeAccessUsage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [today] = useState(() => isoDay(Date.now()));
  const [input, setInput] = useState(() => isoDay(Date.now() - DEFAULT_USAGE_DAYS_BACK * 86_400_000));
  const [startDate, setStartDate] = useState(input);
  const [view, setView] = useState<'summary' | 'detailed'>('summary');
  const [details, setDetails] = useState<OneTimeUsageManager | null>(null);
  const list = useServerListing<UsageSort>(DEFAULT_SORT, TEXT_COLUMNS);
  const read = useQuery({ ...oneTimeUsageQuery(startDate, list.listing), placeholderData: keepPreviousData });
  useEffect(() => () => queryClient.removeQueries({ queryKey: plannerUsageKeys.all }), [queryClient]);

  const rows = read.data?.usage_data ?? [];
  // The period's totals over every planner, counted by the server (not this page's sum).
  const totals = read.data?.totals ?? { managers: 0, rides: 0, accesses: 0 };
  const pages = list.pages(read.data?.total_count ?? 0);
  const dateProblem = usableStartDate(input, today)
    ? null
    : input > today
      ? 'start_date_in_future'
      : 'invalid_start_date';

  return (
    <Container size="xl" py="lg">
      <DocumentTitle title={t('admin.usage.title')} />
      <Stack gap="md">
        <AdminNav />
        <div>
          <Title order={1}>{t('admin.usage.title')}</Title>
          <Text c="dimmed">{t('admin.usage.subtitle')}</Text>
        </div>
        <div className={classes.toolbar}>
          <TextInput
            className={classes.toolbarField}
            type="date"
            label={t('admin.usage.fromDate')}
            value={input}
            max={today}
            error={dateProblem ? t(dateProblem) : undefined}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setInput(value);
              // 002 §2.5: a change of the from-date refetches; a date the server would refuse is not sent.
              if (usableStartDate(value, today)) {
                setStartDate(value);
                list.restart();
              }
            }}
          />
          <ListingSearch value={list.search} onChange={list.setSearch} />
          <Button
            variant="default"
            leftSection={<IconRefresh aria-hidden size={16} />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: plannerUsageKeys.all })}
            disabled={read.isFetching}
          >
            {t('admin.usage.refresh')}
          </Button>
          <SegmentedControl
            aria-label={t('admin.usage.view')}
            value={view}
            onChange={(v) => setView(v === 'detailed' ? 'detailed' : 'summary')}
            data={[
              { value: 'summary', label: t('admin.usage.summaryView') },
              { value: 'detailed', label: t('admin.usage.detailedView') },
            ]}
          />
        </div>
        {read.isPending && <LoadingIndicator py="xl" />}
        {read.isError && (
          <LoadFailure
            error={read.error}
            fallbackKey="admin.usage.error"
            onRetry={() => void read.refetch()}
          />
        )}
        {read.isSuccess && (
          <>
            <SimpleGrid cols={3} spacing="sm" data-testid="usage-totals">
              <StatCard label={t('admin.usage.activeManagers')}>{totals.managers}</StatCard>
              <StatCard label={t('admin.usage.totalRides')}>{totals.rides}</StatCard>
              <StatCard label={t('admin.usage.totalAccesses')}>{totals.accesses}</StatCard>
            </SimpleGrid>
            {rows.length === 0 ? (
              <Paper withBorder radius="md" p="md">
                <EmptyState title={t(list.listing.q ? 'admin.listing.noMatch' : 'admin.usage.empty')} />
              </Paper>
            ) : view === 'summary' ? (
              <Paper withBorder radius="md" p="md">
                <UsageSummaryTable
                  rows={rows}
                  sort={list.listing.sort}
                  onSort={list.sortBy}
                  onDetails={setDetails}
                />
              </Paper>
            ) : (
              <UsageDetailed rows={rows} />
            )}
            <TablePager
              pages={pages}
              page={Math.min(list.listing.page, pages)}
              onChange={list.setPage}
              label={t('admin.usage.pagination')}
            />
          </>
        )}
      </Stack>
      {details && <UsageDetailsModal manager={details} onClose={() => setDetails(null)} />}
    </Container>
  );
}
