import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { BookingWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../../lib/display-date';
import { useWrite } from '../../../../lib/use-write';
import { downloadDocument } from '../api/bookings';
import { bookingTitle } from '../lib/draft';
import classes from './Bookings.module.css';

/** The bookings already on the trip: kind, name or number, days, and the document it came from to download. */
export function OnThisTrip({ rideId, bookings }: { rideId: number; bookings: BookingWire[] }) {
  const { t } = useTranslation();
  const { run } = useWrite();
  if (bookings.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('bookings.onTrip.empty')}
      </Text>
    );
  return (
    <ul className={classes.list} aria-labelledby="bookings-on-trip-title">
      {bookings.map((b) => {
        const r = b.reservation;
        const title = bookingTitle(r) || t(`bookings.types.${r.type}`);
        const start = toDisplayDate(r.start?.date ?? r.end?.date);
        const end = toDisplayDate(r.end?.date);
        return (
          <li key={b.id} className={classes.row}>
            <div className={classes.what}>
              <Text fw={600}>
                {t(`bookings.types.${r.type}`)}: <bdi>{title}</bdi>
              </Text>
              {start && (
                <Text size="sm" c="dimmed">
                  {end && end !== start ? (
                    t('bookings.onTrip.dates', { start, end })
                  ) : (
                    <bdi>{start}</bdi>
                  )}
                </Text>
              )}
            </div>
            {b.documentId !== null && (
              <div className={classes.actions}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => void run(() => downloadDocument(rideId, b.documentId!, b.documentName))}
                  aria-label={t('bookings.onTrip.downloadLabel', { name: title })}
                >
                  {t('bookings.onTrip.download')}
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
