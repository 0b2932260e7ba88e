import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import type { BookingProblem, BookingsConfirmResponse, PreviewReservation } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { useSession } from '../../../../lib/session-store';
import { bookingsQuery } from '../api/bookings';
import { Forwarding } from './Forwarding';
import { ImportPanel } from './ImportPanel';
import { ImportSummary } from './ImportSummary';
import { OnThisTrip } from './OnThisTrip';
import { PreviewPanel } from './PreviewPanel';
import classes from './Bookings.module.css';

/** What the preview checks: an upload's reading, or a forwarded mail's. */
export interface PreviewInput {
  reservations: PreviewReservation[];
  problems: BookingProblem[];
  trip: { startDate: string; endDate: string };
}

type Step =
  | { kind: 'start' }
  | { kind: 'preview'; input: PreviewInput }
  | { kind: 'done'; result: BookingsConfirmResponse; before: { startDate: string; endDate: string } };

/**
 * The bookings dialog (issue 34, decision 0068): drop or paste confirmations and check ONE preview (each booking's
 * fields editable, marked where to check, matched to what the trip has), add them to the trip and see what was added;
 * the trip's forwarding address and the mail waiting for review; the bookings already on the trip with their documents.
 * Full screen on a phone. The trip page reads the trip again after a confirmation (useWrite's invalidation).
 */
export default function BookingsDialog({ rideId, onClose }: { rideId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useSession()?.token ?? '';
  const list = useQuery({ ...bookingsQuery(rideId, viewer), enabled: viewer !== '' });
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const data = list.data;

  return (
    <AppModal opened onClose={onClose} title={t('bookings.dialogTitle')} size="xl" fullScreenOnPhone>
      {step.kind === 'preview' ? (
        <PreviewPanel
          rideId={rideId}
          input={step.input}
          onBack={() => setStep({ kind: 'start' })}
          onDone={(result) => setStep({ kind: 'done', result, before: step.input.trip })}
        />
      ) : step.kind === 'done' ? (
        <ImportSummary
          result={step.result}
          before={step.before}
          onMore={() => setStep({ kind: 'start' })}
          onClose={onClose}
        />
      ) : (
        <Stack gap={0}>
          <section className={classes.section} aria-labelledby="bookings-import-title">
            <Title order={3} fz="lg" id="bookings-import-title" mb="xs">
              {t('bookings.import.title')}
            </Title>
            <ImportPanel rideId={rideId} onPreview={(input) => setStep({ kind: 'preview', input })} />
          </section>
          {!data ? (
            <LoadingIndicator p="md" />
          ) : (
            <>
              {(data.address !== null || data.waiting.length > 0) && (
                <section className={classes.section} aria-labelledby="bookings-forward-title">
                  <Title order={3} fz="lg" id="bookings-forward-title" mb="xs">
                    {t('bookings.forward.title')}
                  </Title>
                  <Forwarding
                    rideId={rideId}
                    data={data}
                    onReview={(mail) =>
                      setStep({
                        kind: 'preview',
                        input: { reservations: mail.reservations, problems: mail.problems, trip: data.trip },
                      })
                    }
                  />
                </section>
              )}
              <section className={classes.section} aria-labelledby="bookings-on-trip-title">
                <Title order={3} fz="lg" id="bookings-on-trip-title" mb="xs">
                  {t('bookings.onTrip.title')}
                </Title>
                <OnThisTrip rideId={rideId} bookings={data.bookings} />
              </section>
            </>
          )}
        </Stack>
      )}
    </AppModal>
  );
}
