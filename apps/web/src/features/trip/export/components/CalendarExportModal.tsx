import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCalendarOff, IconCalendarPlus, IconCopy, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../../lib/i18n';
import { AppModal } from '../../../../components/AppModal';
import { errorCode } from '../../../../lib/api';
import { useSession } from '../../../../lib/session-store';
import { showToast } from '../../../../lib/toast';
import { calendarFeedQuery, resetCalendarFeed, revokeCalendarFeed } from '../api/calendar-feed';
import { downloadTripFile } from '../lib/download-export';

/**
 * Above a menu's dropdown (Mantine's popovers are 300, its modals 200): the export menu that opened this dialog stays
 * open behind it (closing the menu would unmount the dialog with it), so the dialog and its overlay must cover it.
 */
const CALENDAR_MODAL_Z = 310;

interface CalendarExportModalProps {
  rideId: number;
  onClose: () => void;
}

/**
 * "Add to calendar" (issue 19 point 3): the calendar file once, or the subscription that follows the trip's changes
 * (webcal:// for the phone's calendar, the address to paste into Google Calendar's "From URL"); a private trip's
 * address is the viewer's own secret, which they can copy and reset.
 */
export default function CalendarExportModal({ rideId, onClose }: CalendarExportModalProps) {
  const { t } = useTranslation();
  const viewer = useSession()?.token ?? 'anonymous';
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery(rideId, viewer));
  const [confirmReset, setConfirmReset] = useState(false);
  const [busy, setBusy] = useState<'download' | 'reset' | 'revoke' | null>(null);

  const download = async () => {
    setBusy('download');
    try {
      await downloadTripFile(rideId, 'ics');
    } catch (err) {
      showToast({ id: 'trip-export', color: 'red', message: t(messageKey(errorCode(err))) });
    } finally {
      setBusy(null);
    }
  };
  const copy = async (url: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      showToast({ id: 'calendar-copy', color: 'brand', message: t('tripExport.copied') });
    } catch {
      showToast({ id: 'calendar-copy', color: 'red', message: t('tripExport.copyError') });
    }
  };
  const reset = async () => {
    setBusy('reset');
    try {
      const fresh = await resetCalendarFeed(rideId);
      queryClient.setQueryData(calendarFeedQuery(rideId, viewer).queryKey, fresh);
      showToast({ id: 'calendar-reset', color: 'brand', message: t('tripExport.resetDone') });
    } catch (err) {
      showToast({ id: 'calendar-reset', color: 'red', message: t(messageKey(errorCode(err))) });
    } finally {
      setBusy(null);
      setConfirmReset(false);
    }
  };

  // Revoked (issue 33 point 6): the address stops working; the dialog closes, and opening it again makes a new one.
  const revoke = async () => {
    setBusy('revoke');
    try {
      await revokeCalendarFeed(rideId);
      queryClient.removeQueries({ queryKey: calendarFeedQuery(rideId, viewer).queryKey });
      showToast({ id: 'calendar-reset', color: 'brand', message: t('together.calendar.revoked') });
      onClose();
    } catch (err) {
      showToast({ id: 'calendar-reset', color: 'red', message: t(messageKey(errorCode(err))) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AppModal opened onClose={onClose} title={t('tripExport.calendarTitle')} zIndex={CALENDAR_MODAL_Z}>
      <Stack gap="md">
        <Text size="sm">{t('tripExport.calendarIntro')}</Text>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy === 'download'}
          onClick={() => void download()}
        >
          {t('tripExport.downloadIcs')}
        </Button>
        <Text fw={600} size="sm">
          {t('tripExport.subscribeTitle')}
        </Text>
        {feed.isPending && <Loader size="sm" aria-label={t('tripExport.loading')} />}
        {feed.isError && (
          <Alert color="red" role="alert">
            {t(messageKey(errorCode(feed.error)))}
          </Alert>
        )}
        {feed.data && (
          <>
            <Button
              component="a"
              href={feed.data.webcalUrl}
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
            >
              {t('tripExport.subscribe')}
            </Button>
            <TextInput
              label={t('tripExport.feedAddress')}
              description={t('tripExport.feedAddressHelp')}
              value={feed.data.feedUrl}
              readOnly
              dir="ltr"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Group gap="xs" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconCopy size={18} aria-hidden />}
                onClick={() => void copy(feed.data.feedUrl)}
              >
                {t('tripExport.copy')}
              </Button>
              {feed.data.hasToken && !confirmReset && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconRefresh size={18} aria-hidden />}
                  onClick={() => setConfirmReset(true)}
                >
                  {t('tripExport.reset')}
                </Button>
              )}
              {feed.data.hasToken && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconCalendarOff size={18} aria-hidden />}
                  loading={busy === 'revoke'}
                  onClick={() => void revoke()}
                >
                  {t('together.calendar.revoke')}
                </Button>
              )}
            </Group>
            {feed.data.hasToken && (
              <Text size="xs" c="dimmed">
                {t('tripExport.privateNote')}
              </Text>
            )}
            {confirmReset && (
              <Alert color="red" title={t('tripExport.resetConfirmTitle')}>
                <Stack gap="xs">
                  <Text size="sm">{t('tripExport.resetConfirm')}</Text>
                  <Group gap="xs">
                    <Button color="red" loading={busy === 'reset'} onClick={() => void reset()}>
                      {t('tripExport.resetYes')}
                    </Button>
                    <Button variant="default" onClick={() => setConfirmReset(false)}>
                      {t('tripExport.cancel')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
          </>
        )}
      </Stack>
    </AppModal>
  );
}
