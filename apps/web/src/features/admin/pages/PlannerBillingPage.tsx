import { useEffect, useState } from 'react';
// The Mantine sheets only the admin screens use (app/mantine-styles.ts holds the shared ones), in their own chunk.
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { Button, Container, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import type { BillingManager, BillingSort } from '@rides/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { textKey } from '../../../lib/i18n';
import { Navigate } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { billingQuery, downloadBillingCsv, plannerUsageKeys } from '../api/planner-usage';
import { AdminNav } from '../components/AdminNav';
import { BillingDetailsModal } from '../components/BillingDetailsModal';
import { BillingTable } from '../components/BillingTable';
import { TablePager } from '../components/DataTable';
import { ListingSearch } from '../components/ListingSearch';
import { LoadFailure } from '../components/LoadFailure';
import { EmptyState } from '../components/QueryState';
import { StatCard } from '../components/StatCard';
import { useServerListing } from '../hooks/useServerListing';
import { failureKey, monthChoices } from '../lib/planner-usage-rules';
import classes from '../components/PlannerUsage.module.css';
import { PATHS } from '../../../lib/paths';

/**
 * /admin/ride_manager_billing (002 §2.4; issue 21 point 3): platform admins only (decision 0035); anyone else is sent
 * to /. The server refuses the calls to everyone else too (401 / 403).
 */
export default function PlannerBillingPage() {
  const session = useSession();
  if (!session?.isAdmin) return <Navigate to={PATHS.home} replace />;
  return <PlannerBilling />;
}

/** 002 §2.4: the busiest planners first. */
const DEFAULT_SORT = { column: 'total_rides', descending: true } as const;
const TEXT_COLUMNS: readonly BillingSort[] = ['username', 'email'];

function PlannerBilling() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [months] = useState(() => monthChoices(new Date()));
  const [month, setMonth] = useState(months[0] as string);
  const [details, setDetails] = useState<BillingManager | null>(null);
  const [downloading, setDownloading] = useState(false);
  const list = useServerListing<BillingSort>(DEFAULT_SORT, TEXT_COLUMNS);
  // The page shown stays until the next arrives (paging, sorting, searching): the table does not jump.
  const read = useQuery({ ...billingQuery(month, list.listing), placeholderData: keepPreviousData });
  // Leaving the screen forgets the figures it read (as device management does, 002 §4).
  useEffect(() => () => queryClient.removeQueries({ queryKey: plannerUsageKeys.all }), [queryClient]);

  const rows = read.data?.billing_data ?? [];
  const totals = read.data?.totals;
  const pages = list.pages(read.data?.total_count ?? 0);
  const monthName = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const monthLabel = (m: string) => monthName.format(new Date(`${m}-01T00:00:00Z`));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: plannerUsageKeys.all });
  // The CSV is the server's (every planner of the month, in the table's order and search), not this page's rows.
  const download = async () => {
    setDownloading(true);
    try {
      await downloadBillingCsv(month, list.listing, i18n.language);
    } catch (error) {
      showToast({ color: 'red', message: t(textKey(i18n, failureKey(error, 'admin.billing.csvError'))) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Container size="xl" py="lg">
      <DocumentTitle title={t('admin.billing.title')} />
      <Stack gap="md">
        <AdminNav />
        <div>
          <Title order={1}>{t('admin.billing.title')}</Title>
          <Text c="dimmed">{t('admin.billing.subtitle')}</Text>
        </div>
        <div className={classes.toolbar}>
          <NativeSelect
            className={classes.toolbarField}
            label={t('admin.billing.month')}
            value={month}
            onChange={(e) => {
              setMonth(e.currentTarget.value);
              list.restart();
            }}
            data={months.map((m) => ({ value: m, label: monthLabel(m) }))}
          />
          <ListingSearch value={list.search} onChange={list.setSearch} />
          <Button
            variant="default"
            leftSection={<IconRefresh aria-hidden size={16} />}
            onClick={refresh}
            disabled={read.isFetching}
          >
            {t('admin.billing.refresh')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload aria-hidden size={16} />}
            onClick={() => void download()}
            loading={downloading}
            disabled={rows.length === 0}
          >
            {t('admin.billing.downloadCsv')}
          </Button>
        </div>
        {read.isPending && <LoadingIndicator py="xl" />}
        {read.isError && (
          <LoadFailure
            error={read.error}
            fallbackKey="admin.billing.error"
            onRetry={() => void read.refetch()}
          />
        )}
        {read.isSuccess && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="billing-totals">
              <StatCard label={t('admin.billing.totalManagers')}>{totals?.managers ?? 0}</StatCard>
              <StatCard label={t('admin.billing.totalRides')}>{totals?.rides ?? 0}</StatCard>
              <StatCard label={t('admin.billing.totalShares')}>{totals?.shares ?? 0}</StatCard>
              <StatCard label={t('admin.billing.totalPdfExports')}>{totals?.pdf_exports ?? 0}</StatCard>
            </SimpleGrid>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h3" mb="sm">
                {t('admin.billing.tableTitle', { month: monthLabel(month) })}
              </Title>
              {rows.length === 0 ? (
                <EmptyState title={t(list.listing.q ? 'admin.listing.noMatch' : 'admin.billing.empty')} />
              ) : (
                <BillingTable
                  rows={rows}
                  sort={list.listing.sort}
                  onSort={list.sortBy}
                  onDetails={setDetails}
                />
              )}
              <TablePager
                pages={pages}
                page={Math.min(list.listing.page, pages)}
                onChange={list.setPage}
                label={t('admin.billing.pagination')}
              />
            </Paper>
          </>
        )}
      </Stack>
      {details && <BillingDetailsModal month={month} row={details} onClose={() => setDetails(null)} />}
    </Container>
  );
}
