import { useEffect, useState } from 'react';
// The Mantine sheets only the admin screens use (app/mantine-styles.ts holds the shared ones), in their own chunk.
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import {
  Button,
  Container,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import type { BillingManager } from '@rides/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { useSession } from '../../../lib/session-store';
import { billingQuery, plannerUsageKeys } from '../api/planner-usage';
import { AdminNav } from '../components/AdminNav';
import { BillingDetailsModal } from '../components/BillingDetailsModal';
import { BillingTable } from '../components/BillingTable';
import { LoadFailure } from '../components/LoadFailure';
import { EmptyState } from '../components/QueryState';
import { StatCard } from '../components/StatCard';
import { pageCount, pageRows } from '../lib/device-rules';
import {
  billingCsv,
  billingFileName,
  billingTotals,
  CSV_COLUMNS,
  monthChoices,
} from '../lib/planner-usage-rules';
import classes from '../components/PlannerUsage.module.css';

/**
 * /admin/ride_manager_billing (002 §2.4; issue 21 point 3): platform admins only (decision 0035); anyone else is sent
 * to /. The server refuses the calls to everyone else too (401 / 403).
 */
export default function RideManagerBillingPage() {
  const session = useSession();
  if (!session?.isAdmin) return <Navigate to="/" replace />;
  return <RideManagerBilling />;
}

function RideManagerBilling() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [months] = useState(() => monthChoices(new Date()));
  const [month, setMonth] = useState(months[0] as string);
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<BillingManager | null>(null);
  const read = useQuery(billingQuery(month));
  // Leaving the screen forgets the figures it read (as device management does, 002 §4).
  useEffect(() => () => queryClient.removeQueries({ queryKey: plannerUsageKeys.all }), [queryClient]);

  const rows = read.data?.billing_data ?? [];
  const totals = billingTotals(rows);
  const pages = pageCount(rows.length);
  const shownPage = Math.min(page, pages);
  const monthName = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const monthLabel = (m: string) => monthName.format(new Date(`${m}-01T00:00:00Z`));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: plannerUsageKeys.all });
  const download = () => {
    const csv = billingCsv(
      rows,
      CSV_COLUMNS.map((c) => t(`admin.billing.csv.${c}`)),
    );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = billingFileName(month);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
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
              setPage(1);
            }}
            data={months.map((m) => ({ value: m, label: monthLabel(m) }))}
          />
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
            onClick={download}
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
              <StatCard label={t('admin.billing.totalManagers')}>{totals.managers}</StatCard>
              <StatCard label={t('admin.billing.totalRides')}>{totals.rides}</StatCard>
              <StatCard label={t('admin.billing.totalShares')}>{totals.shares}</StatCard>
              <StatCard label={t('admin.billing.totalPdfExports')}>{totals.pdfExports}</StatCard>
            </SimpleGrid>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h3" mb="sm">
                {t('admin.billing.tableTitle', { month: monthLabel(month) })}
              </Title>
              {rows.length === 0 ? (
                <EmptyState title={t('admin.billing.empty')} />
              ) : (
                <BillingTable rows={pageRows(rows, shownPage)} onDetails={setDetails} />
              )}
              {pages > 1 && (
                <Group justify="center" mt="md" component="nav" aria-label={t('admin.billing.pagination')}>
                  <Pagination total={pages} value={shownPage} onChange={setPage} />
                </Group>
              )}
            </Paper>
          </>
        )}
      </Stack>
      {details && <BillingDetailsModal month={month} row={details} onClose={() => setDetails(null)} />}
    </Container>
  );
}
