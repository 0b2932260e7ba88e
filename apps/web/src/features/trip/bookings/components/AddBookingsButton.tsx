import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './Bookings.module.css';

const BookingsDialog = lazy(() => import('./BookingsDialog'));

/**
 * "Add bookings" on the trip page (issue 34): opens the bookings dialog (drop or paste confirmations, check the
 * preview, forwarded mail, the bookings on the trip), whose code loads on the first click.
 */
export default function AddBookingsButton({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        className={classes.entry}
        variant="light"
        size="compact-sm"
        leftSection={<IconTicket size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        title={t('bookings.openHint')}
      >
        {t('bookings.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BookingsDialog rideId={rideId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
