import { Button } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { BillingManager, BillingSort } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../lib/table-rules';
import { DataTable, type Column } from './DataTable';
import { DateText } from './DateText';

/**
 * The billing table (002 §2.4): one row per planner with the month's trips, shares, days, PDF exports, first and last
 * use, and the details. Sorted by the server (decision 0038): a header click asks for the other order.
 */
export function BillingTable({
  rows,
  sort,
  onSort,
  onDetails,
}: {
  rows: BillingManager[];
  sort: SortState<BillingSort>;
  onSort: (column: BillingSort) => void;
  onDetails: (row: BillingManager) => void;
}) {
  const { t } = useTranslation();
  const missing = t('admin.dates.missing');
  const columns: Column<BillingManager, BillingSort>[] = [
    { header: t('admin.billing.manager'), sort: 'username', cell: (r) => r.username || missing },
    {
      header: t('admin.billing.email'),
      sort: 'email',
      layout: 'email',
      cell: (r) => (r.email ? <bdi dir="ltr">{r.email}</bdi> : missing),
    },
    { header: t('admin.billing.rides'), sort: 'total_rides', cell: (r) => r.total_rides },
    { header: t('admin.billing.shares'), sort: 'total_shares', cell: (r) => r.total_shares },
    { header: t('admin.billing.days'), sort: 'total_days', cell: (r) => r.total_days },
    { header: t('admin.billing.pdfExports'), sort: 'total_pdf_exports', cell: (r) => r.total_pdf_exports },
    {
      header: t('admin.billing.firstRide'),
      sort: 'first_ride',
      layout: 'nowrap',
      cell: (r) => <DateText value={r.first_ride} />,
    },
    {
      header: t('admin.billing.lastRide'),
      sort: 'last_ride',
      layout: 'nowrap',
      cell: (r) => <DateText value={r.last_ride} />,
    },
    {
      header: t('admin.billing.actions'),
      cell: (r) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconReceipt aria-hidden size={14} />}
          aria-label={t('admin.billing.detailsOf', { name: r.username })}
          onClick={() => onDetails(r)}
        >
          {t('admin.billing.viewDetails')}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.manager_id}
      minWidth={960}
      sort={sort}
      onSort={onSort}
      rowTestId="billing-row"
    />
  );
}
