import { Fragment, useState } from 'react';
import { ActionIcon, Table } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { PdfExportRide } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { DateText } from './DateText';
import classes from './PlannerUsage.module.css';

/**
 * The PDF export history (002 §2.4): a row per trip (id, title, days, shares, dates, number of exports, first and
 * last), each opening to its exports (export id, the title at export time, the trip's dates then, when).
 */
export function PdfExportHistory({ rides }: { rides: PdfExportRide[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="xs" className={classes.table} data-testid="pdf-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th aria-label={t('admin.billing.exportsOf')} />
            <Table.Th>{t('admin.billing.rideId')}</Table.Th>
            <Table.Th>{t('admin.billing.rideTitle')}</Table.Th>
            <Table.Th>{t('admin.billing.days')}</Table.Th>
            <Table.Th>{t('admin.billing.shares')}</Table.Th>
            <Table.Th>{t('admin.billing.startDate')}</Table.Th>
            <Table.Th>{t('admin.billing.endDate')}</Table.Th>
            <Table.Th>{t('admin.billing.pdfExports')}</Table.Th>
            <Table.Th>{t('admin.billing.firstExport')}</Table.Th>
            <Table.Th>{t('admin.billing.lastExport')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rides.map((r) => {
            const expanded = open.has(r.ride_id);
            const Icon = expanded ? IconChevronUp : IconChevronDown;
            return (
              <Fragment key={r.ride_id}>
                <Table.Tr>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-expanded={expanded}
                      aria-controls={`pdf-exports-${r.ride_id}`}
                      aria-label={t('admin.billing.showExports', { title: r.title })}
                      onClick={() => toggle(r.ride_id)}
                    >
                      <Icon aria-hidden size={16} />
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>{r.ride_id}</Table.Td>
                  <Table.Td className={classes.title}>{r.title}</Table.Td>
                  <Table.Td>{r.number_of_days}</Table.Td>
                  <Table.Td>{r.number_of_shares}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <DateText value={r.start_date} />
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <DateText value={r.end_date} />
                  </Table.Td>
                  <Table.Td>{r.number_of_pdf_exports}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <DateText value={r.first_pdf_export_date} withTime />
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <DateText value={r.last_pdf_export_date} withTime />
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr className={classes.detailRow} id={`pdf-exports-${r.ride_id}`}>
                    <Table.Td colSpan={10}>
                      <Table.ScrollContainer minWidth={560} type="native">
                        <Table verticalSpacing={4} className={classes.table}>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>{t('admin.billing.exportId')}</Table.Th>
                              <Table.Th>{t('admin.billing.titleAtExport')}</Table.Th>
                              <Table.Th>{t('admin.billing.startDate')}</Table.Th>
                              <Table.Th>{t('admin.billing.endDate')}</Table.Th>
                              <Table.Th>{t('admin.billing.exportedAt')}</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {(r.pdf_exports ?? []).map((e) => (
                              <Table.Tr key={e.id}>
                                <Table.Td>{e.id}</Table.Td>
                                <Table.Td className={classes.title}>{e.ride_title}</Table.Td>
                                <Table.Td className={classes.nowrap}>
                                  <DateText value={e.ride_start_date} />
                                </Table.Td>
                                <Table.Td className={classes.nowrap}>
                                  <DateText value={e.ride_end_date} />
                                </Table.Td>
                                <Table.Td className={classes.nowrap}>
                                  <DateText value={e.created_at} withTime />
                                </Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </Table.ScrollContainer>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
