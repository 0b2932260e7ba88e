import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconMailForward, IconRefresh, IconX } from '@tabler/icons-react';
import type { BookingsListResponse, WaitingMail } from '@rides/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toDisplayMoment } from '../../../../lib/display-date';
import { showToast } from '../../../../lib/toast';
import { useWrite } from '../../../../lib/use-write';
import { copyText } from '../../access-keys/lib/links';
import { acceptWaiting, bookingsKeys, dismissWaiting, resetAddress } from '../api/bookings';
import classes from './Bookings.module.css';

/**
 * Forwarding (issue 34 point 1): the trip's own address with a copy button and "new address" (asked first: mail to the
 * old one is refused from then on), a line on how to use it, and the mail waiting. A held mail (from someone who is
 * none of the trip's people) is let in or dismissed; one for review opens its preview, confirmed like an upload.
 */
export function Forwarding({
  rideId,
  data,
  onReview,
}: {
  rideId: number;
  data: BookingsListResponse;
  onReview: (mail: WaitingMail) => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const [asking, setAsking] = useState(false);
  const refresh = {
    invalidate: (queryClient: QueryClient) =>
      queryClient.invalidateQueries({ queryKey: bookingsKeys.trip(rideId) }),
  };

  const copy = async (address: string) => {
    const ok = await copyText(address);
    showToast(
      ok
        ? { color: 'brand', message: t('bookings.forward.copied') }
        : { color: 'red', message: t('bookings.forward.copyFailed') },
    );
  };

  const reset = async () => {
    const done = await run(() => resetAddress(rideId), { ...refresh, success: t('bookings.forward.resetDone') });
    if (done) setAsking(false);
  };

  return (
    <Stack gap="sm">
      {data.address !== null && data.mayImport && (
        <>
          <Text size="sm">{t('bookings.forward.howTo')}</Text>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              className={classes.address}
              label={t('bookings.forward.addressLabel')}
              value={data.address}
              readOnly
              dir="ltr"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="light"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => void copy(data.address!)}
            >
              {t('bookings.forward.copy')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => setAsking(true)}
              disabled={asking}
            >
              {t('bookings.forward.reset')}
            </Button>
          </Group>
          {asking && (
            <div role="group" aria-label={t('bookings.forward.reset')}>
              <Text size="sm">{t('bookings.forward.resetQuestion')}</Text>
              <Group gap="xs" mt="xs">
                <Button color="red" size="compact-md" onClick={() => void reset()} loading={busy} data-autofocus>
                  {t('bookings.forward.resetConfirm')}
                </Button>
                <Button variant="default" size="compact-md" onClick={() => setAsking(false)} disabled={busy}>
                  {t('bookings.forward.cancel')}
                </Button>
              </Group>
            </div>
          )}
        </>
      )}
      {data.waiting.length > 0 && (
        <>
          <Text fw={600} id="bookings-waiting-title">
            {t('bookings.forward.waitingTitle')}
          </Text>
          <ul className={classes.list} aria-labelledby="bookings-waiting-title">
            {data.waiting.map((mail) => {
              const subject = mail.subject ?? t('bookings.forward.noSubject');
              return (
                <li key={mail.documentId} className={classes.row}>
                  <div className={classes.what}>
                    <Text fw={600}>
                      <bdi>{subject}</bdi>
                    </Text>
                    <Text size="sm" c="dimmed">
                      {mail.held
                        ? mail.from
                          ? t('bookings.forward.held', { from: `\u2068${mail.from}\u2069` })
                          : t('bookings.forward.heldUnknown')
                        : mail.from
                          ? t('bookings.forward.fromMember', { from: `\u2068${mail.from}\u2069` })
                          : null}{' '}
                      · {t('bookings.forward.received', { when: toDisplayMoment(mail.receivedAt, { time: true }) })}
                    </Text>
                    {!mail.held && mail.reservations.length === 0 && (
                      <Text size="sm" c="dimmed">
                        {t('bookings.forward.nothingRead')}
                      </Text>
                    )}
                  </div>
                  {data.mayImport && (
                    <div className={classes.actions}>
                      {mail.held ? (
                        <Button
                          size="compact-sm"
                          leftSection={<IconCheck size={16} aria-hidden />}
                          onClick={() => void run(() => acceptWaiting(rideId, mail.documentId), { ...refresh, success: t('bookings.forward.letInDone') })}
                          disabled={busy}
                        >
                          {t('bookings.forward.letIn')}
                        </Button>
                      ) : (
                        mail.reservations.length > 0 && (
                          <Button
                            size="compact-sm"
                            leftSection={<IconMailForward size={16} aria-hidden />}
                            onClick={() => onReview(mail)}
                          >
                            {t('bookings.forward.review')}
                          </Button>
                        )
                      )}
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconX size={16} aria-hidden />}
                        onClick={() => void run(() => dismissWaiting(rideId, mail.documentId), { ...refresh, success: t('bookings.forward.dismissed') })}
                        disabled={busy}
                        aria-label={t('bookings.forward.dismissLabel', { subject })}
                      >
                        {t('bookings.forward.dismiss')}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Stack>
  );
}
