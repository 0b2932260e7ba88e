import { lazy, Suspense, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconCalendarPlus, IconMap2, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageKey, withTexts } from '../../../../lib/i18n';
import type { TripExportFormat } from '@rides/contract';
import { errorCode } from '../../../../lib/api';
import { showToast } from '../../../../lib/toast';
import { downloadTripFile } from '../lib/download-export';

// The calendar's dialog is its own chunk, loaded on the first tap (its texts are this group's, already loaded).
// With the together group: its revoke button (issue 33 point 6, decision 0066).
const CalendarExportModal = lazy(withTexts(() => import('./CalendarExportModal'), ['together', 'planningCodes']));

/** The files downloaded as they are: GPX for navigation apps, KML for Google My Maps and Earth. */
const FILES = [
  { format: 'gpx', icon: IconRoute },
  { format: 'kml', icon: IconMap2 },
] as const;

interface TripExportButtonsProps {
  rideId: number;
  /** Button look in the host's layout (a menu's column or a row); default a wrapping row. */
  orientation?: 'row' | 'column';
}

/**
 * The trip's exports of issue 19 points 3 and 4, for the export menu (h2's PDF menu renders it beside the PDF):
 * "Add to calendar" (a dialog: the .ics file, the subscription address with copy, reset and webcal://), GPX for
 * navigation apps and KML for Google My Maps and Earth, downloaded with the viewer's token.
 */
export default function TripExportButtons({ rideId, orientation = 'row' }: TripExportButtonsProps) {
  const { t } = useTranslation();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [busy, setBusy] = useState<TripExportFormat | null>(null);

  const download = async (format: TripExportFormat) => {
    setBusy(format);
    try {
      await downloadTripFile(rideId, format);
    } catch (err) {
      showToast({ id: 'trip-export', color: 'red', message: t(messageKey(errorCode(err))) });
    } finally {
      setBusy(null);
    }
  };
  const column = orientation === 'column';
  const look = {
    variant: 'default' as const,
    justify: column ? ('flex-start' as const) : undefined,
    fullWidth: column,
  };

  return (
    <>
      <Group
        gap="xs"
        wrap="wrap"
        style={column ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
      >
        <Button
          {...look}
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          onClick={() => setCalendarOpen(true)}
        >
          {t('tripExport.calendar')}
        </Button>
        {FILES.map(({ format, icon: Icon }) => (
          <Button
            key={format}
            {...look}
            leftSection={<Icon size={18} aria-hidden />}
            loading={busy === format}
            onClick={() => void download(format)}
          >
            {t(`tripExport.${format}`)}
          </Button>
        ))}
      </Group>
      {calendarOpen && (
        <Suspense fallback={null}>
          <CalendarExportModal rideId={rideId} onClose={() => setCalendarOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
