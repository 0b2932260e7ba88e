import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BillingManager, BillingTrip } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { pdfExportInfoQuery, plannerBillingQuery } from '../api/planner-usage';
import { DataTable, type Column } from './DataTable';
import { DateText } from './DateText';
import { LoadFailure } from './LoadFailure';
import { MonthlyUseChart } from './MonthlyUseChart';
import { PdfExportHistory } from './PdfExportHistory';
import { StatCard } from './StatCard';
import classes from './PlannerUsage.module.css';

/**
 * A planner's month (002 §2.4, the details modal): id, email and totals, the last months as a chart, the trips
 * (days, shares, first and last shared) and the PDF export history. The history's failure is a warning box of its
 * own (002 §8): the rest of the details stay.
 */
export function BillingDetailsModal({
  month,
  row,
  onClose,
}: {
  month: string;
  row: BillingManager;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const details = useQuery(plannerBillingQuery(month, row.manager_id));
  const pdf = useQuery(pdfExportInfoQuery(month, row.manager_id));
  const rides = details.data?.rides ?? [];
  const rideColumns: Column<BillingTrip>[] = [
    { header: t('admin.billing.rideId'), cell: (r) => r.ride_id },
    { header: t('admin.billing.rideTitle'), layout: 'title', cell: (r) => r.title },
    { header: t('admin.billing.days'), cell: (r) => r.number_of_days },
    { header: t('admin.billing.shares'), cell: (r) => r.number_of_shares },
    {
      header: t('admin.billing.firstShared'),
      layout: 'nowrap',
      cell: (r) => <DateText value={r.first_shared_date} />,
    },
    {
      header: t('admin.billing.lastShared'),
      layout: 'nowrap',
      cell: (r) => <DateText value={r.last_shared_date} />,
    },
  ];
  const pdfRides = pdf.data?.pdf_export_info[0]?.rides ?? [];
  return (
    <AppModal
      opened
      onClose={onClose}
      size="72rem"
      title={t('admin.billing.detailsTitle', { name: row.username })}
    >
      <Stack gap="md">
        <dl className={classes.facts}>
          <div>
            <dt>{t('admin.billing.managerId')}</dt>
            <dd>{row.manager_id}</dd>
          </div>
          <div>
            <dt>{t('admin.billing.email')}</dt>
            <dd>{row.email ? <bdi dir="ltr">{row.email}</bdi> : t('admin.dates.missing')}</dd>
          </div>
        </dl>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <StatCard label={t('admin.billing.rides')}>{row.total_rides}</StatCard>
          <StatCard label={t('admin.billing.shares')}>{row.total_shares}</StatCard>
          <StatCard label={t('admin.billing.days')}>{row.total_days}</StatCard>
          <StatCard label={t('admin.billing.pdfExports')}>{row.total_pdf_exports}</StatCard>
        </SimpleGrid>
        {details.isPending && <LoadingIndicator py="md" />}
        {details.isError && (
          <LoadFailure
            error={details.error}
            fallbackKey="admin.billing.error"
            onRetry={() => void details.refetch()}
          />
        )}
        {details.isSuccess && (
          <>
            <section>
              <Title order={3} size="h5" mb="xs">
                {t('admin.billing.chartTitle')}
              </Title>
              <MonthlyUseChart monthly={details.data.monthly} />
            </section>
            <section>
              <Title order={3} size="h5" mb="xs">
                {t('admin.billing.rideDetails')}
              </Title>
              {rides.length === 0 ? (
                <Text c="dimmed">{t('admin.billing.noRides')}</Text>
              ) : (
                <DataTable
                  columns={rideColumns}
                  rows={rides}
                  rowKey={(r) => r.ride_id}
                  minWidth={620}
                  verticalSpacing="xs"
                  testId="billing-rides"
                />
              )}
            </section>
          </>
        )}
        <section>
          <Title order={3} size="h5" mb="xs">
            {t('admin.billing.pdfHistory')}
          </Title>
          {pdf.isPending && <LoadingIndicator py="md" />}
          {pdf.isError && (
            <LoadFailure
              warning
              error={pdf.error}
              fallbackKey="admin.billing.pdfError"
              onRetry={() => void pdf.refetch()}
            />
          )}
          {pdf.isSuccess &&
            (pdfRides.length === 0 ? (
              <Text c="dimmed">{t('admin.billing.noPdfHistory')}</Text>
            ) : (
              <PdfExportHistory rides={pdfRides} />
            ))}
        </section>
      </Stack>
    </AppModal>
  );
}
