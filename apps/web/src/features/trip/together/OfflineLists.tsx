import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { loadKeptLists } from './queue';

const ListsDrawer = lazy(() => import('./ListsDrawer'));

/**
 * The shared lists on the offline view (decision 0066): when this device kept the trip's lists, they open there too,
 * and ticks and additions made offline are queued and sent when the network is back.
 */
export default function OfflineLists({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!loadKeptLists(rideId)) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconChecklist size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
        data-testid="open-lists"
      >
        {t('together.lists.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ListsDrawer rideId={rideId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
