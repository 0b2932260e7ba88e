import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { PdfExportRecord, PdfExportTrip } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from './DataTable';
import { DateText } from './DateText';

/**
 * The PDF export history (002 §2.4): a row per trip (id, title, days, shares, dates, number of exports, first and
 * last), each opening to its exports (export id, the title at export time, the trip's dates then, when).
 */
export function PdfExportHistory({ rides }: { rides: PdfExportTrip[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const date = (value: (r: PdfExportTrip) => string) => (r: PdfExportTrip) => <DateText value={value(r)} />;
  const columns: Column<PdfExportTrip>[] = [
    {
      header: t('admin.billing.exportsOf'),
      hiddenHeader: true,
      cell: (r) => {
        const expanded = open.has(r.ride_id);
        const Icon = expanded ? IconChevronUp : IconChevronDown;
        return (
          <ActionIcon
            variant="subtle"
            aria-expanded={expanded}
            aria-controls={`pdf-exports-${r.ride_id}`}
            aria-label={t('admin.billing.showExports', { title: r.title })}
            onClick={() => toggle(r.ride_id)}
          >
            <Icon aria-hidden size={16} />
          </ActionIcon>
        );
      },
    },
    { header: t('admin.billing.rideId'), cell: (r) => r.ride_id },
    { header: t('admin.billing.rideTitle'), layout: 'title', cell: (r) => r.title },
    { header: t('admin.billing.days'), cell: (r) => r.number_of_days },
    { header: t('admin.billing.shares'), cell: (r) => r.number_of_shares },
    { header: t('admin.billing.startDate'), layout: 'nowrap', cell: date((r) => r.start_date) },
    { header: t('admin.billing.endDate'), layout: 'nowrap', cell: date((r) => r.end_date) },
    { header: t('admin.billing.pdfExports'), cell: (r) => r.number_of_pdf_exports },
    { header: t('admin.billing.firstExport'), layout: 'nowrap', cell: date((r) => r.first_pdf_export_date) },
    { header: t('admin.billing.lastExport'), layout: 'nowrap', cell: date((r) => r.last_pdf_export_date) },
  ];
  const exportColumns: Column<PdfExportRecord>[] = [
    { header: t('admin.billing.exportId'), cell: (e) => e.id },
    { header: t('admin.billing.titleAtExport'), layout: 'title', cell: (e) => e.ride_title },
    {
      header: t('admin.billing.startDate'),
      layout: 'nowrap',
      cell: (e) => <DateText value={e.ride_start_date} />,
    },
    {
      header: t('admin.billing.endDate'),
      layout: 'nowrap',
      cell: (e) => <DateText value={e.ride_end_date} />,
    },
    {
      header: t('admin.billing.exportedAt'),
      layout: 'nowrap',
      cell: (e) => <DateText value={e.created_at} withTime />,
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rides}
      rowKey={(r) => r.ride_id}
      minWidth={860}
      striped={false}
      verticalSpacing="xs"
      testId="pdf-history"
      detail={(r) =>
        open.has(r.ride_id)
          ? {
              id: `pdf-exports-${r.ride_id}`,
              content: (
                <DataTable
                  columns={exportColumns}
                  rows={r.pdf_exports ?? []}
                  rowKey={(e) => e.id}
                  minWidth={560}
                  striped={false}
                  verticalSpacing={4}
                />
              ),
            }
          : null
      }
    />
  );
}
