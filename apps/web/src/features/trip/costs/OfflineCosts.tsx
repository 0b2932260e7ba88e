import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { defaultStorage } from '../cache/trip-cache-core';
import { SAVED_TRIPS_CHANGED, type SavedTrip } from '../cache/trip-cache';
import { loadKeptMoney } from './kept';

const OfflineCostsDrawer = lazy(() => import('./OfflineCostsDrawer'));

/**
 * The trip's costs on the offline view (issue 35 point 5): when this device kept the trip's money (kept.ts), a Costs
 * button beside the lists' opens it as last read, and an expense added there waits on the phone to be sent when the
 * network is back (from the trip page: CostsButton). Signing out here removes the money: the button goes with it.
 */
export default function OfflineCosts({ trip }: { trip: SavedTrip }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [kept, setKept] = useState(() => loadKeptMoney(defaultStorage(), trip.id));
  useEffect(() => {
    const reread = () => setKept(loadKeptMoney(defaultStorage(), trip.id));
    window.addEventListener(SAVED_TRIPS_CHANGED, reread);
    return () => window.removeEventListener(SAVED_TRIPS_CHANGED, reread);
  }, [trip.id]);
  if (!kept) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCoins size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="open-costs"
      >
        {t('costs.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <OfflineCostsDrawer trip={trip} kept={kept} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
