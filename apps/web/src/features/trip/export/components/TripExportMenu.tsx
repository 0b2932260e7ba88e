import { lazy, Suspense, useState } from 'react';
import { Button, Popover, Stack } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../../lib/i18n';
import { errorCode } from '../../../../lib/api';
import { showToast } from '../../../../lib/toast';
import { withTexts } from '../../../../lib/i18n';
import { downloadTripPdf } from '../lib/download-pdf';

// Calendar, GPX and KML (issue 19 points 3-4): a lazy chunk, loaded with its texts (the tripExport group) when the
// menu first opens.
const TripExportButtons = lazy(withTexts(() => import('./TripExportButtons'), ['tripExport']));

interface TripExportMenuProps {
  /** Null while the trip has not loaded: the PDF answers ride_data_not_loaded. */
  rideId: number | null;
  title: string;
}

/**
 * "Take the trip along" (issue 19): the PDF (pdf_generation_warning first, then the file and the outcome's toast)
 * and the calendar, GPX and KML exports, in one menu of the trip page's header and of the access page.
 */
export default function TripExportMenu({ rideId, title }: TripExportMenuProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const pdf = async () => {
    if (rideId === null) {
      showToast({ id: 'trip-pdf', color: 'red', message: t('ride_data_not_loaded') });
      return;
    }
    setBusy(true);
    // The warning closes by itself; the outcome is a toast of its own (a shown toast's id is not replaced by show()).
    showToast({ id: 'trip-pdf-wait', loading: true, autoClose: 2500, message: t('pdf_generation_warning') });
    try {
      await downloadTripPdf(rideId, title);
      showToast({ id: 'trip-pdf', color: 'green', message: t('pdf_generated_successfully') });
    } catch (err) {
      const code = errorCode(err);
      const known = code !== 'unknown_error' && code !== 'api_call_failed';
      showToast({
        id: 'trip-pdf',
        color: 'red',
        message: t(known ? messageKey(code) : 'pdf_generation_failed'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconDownload size={16} aria-hidden />}
          style={{ flex: 'none' }}
          aria-haspopup="dialog"
        >
          {t('tripPdf.export')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Button
            variant="default"
            justify="flex-start"
            fullWidth
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            loading={busy}
            onClick={() => void pdf()}
          >
            {t('tripPdf.pdf')}
          </Button>
          {rideId !== null && (
            <Suspense fallback={null}>
              <TripExportButtons rideId={rideId} orientation="column" />
            </Suspense>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
