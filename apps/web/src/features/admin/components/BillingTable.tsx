import { Button, Table } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { BillingManager } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { DateText } from './DateText';
import classes from './PlannerUsage.module.css';

/**
 * The billing table (002 §2.4): one row per planner with the month's trips, shares, days, PDF exports, first and last
 * use, and the details. On a phone the table scrolls sideways inside its frame; the page does not.
 */
export function BillingTable({
  rows,
  onDetails,
}: {
  rows: BillingManager[];
  onDetails: (row: BillingManager) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.billing.manager')}</Table.Th>
            <Table.Th>{t('admin.billing.email')}</Table.Th>
            <Table.Th>{t('admin.billing.rides')}</Table.Th>
            <Table.Th>{t('admin.billing.shares')}</Table.Th>
            <Table.Th>{t('admin.billing.days')}</Table.Th>
            <Table.Th>{t('admin.billing.pdfExports')}</Table.Th>
            <Table.Th>{t('admin.billing.firstRide')}</Table.Th>
            <Table.Th>{t('admin.billing.lastRide')}</Table.Th>
            <Table.Th>{t('admin.billing.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.manager_id} data-testid="billing-row">
              <Table.Td>{r.username || t('admin.dates.missing')}</Table.Td>
              <Table.Td className={classes.email}>
                {r.email ? <bdi dir="ltr">{r.email}</bdi> : t('admin.dates.missing')}
              </Table.Td>
              <Table.Td>{r.total_rides}</Table.Td>
              <Table.Td>{r.total_shares}</Table.Td>
              <Table.Td>{r.total_days}</Table.Td>
              <Table.Td>{r.total_pdf_exports}</Table.Td>
              <Table.Td className={classes.nowrap}>
                <DateText value={r.first_ride} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <DateText value={r.last_ride} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconReceipt aria-hidden size={14} />}
                  aria-label={t('admin.billing.detailsOf', { name: r.username })}
                  onClick={() => onDetails(r)}
                >
                  {t('admin.billing.viewDetails')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
