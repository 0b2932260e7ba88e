import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useExpenseQueueSync } from './queue-sync';

const CostsDrawer = lazy(() => import('./CostsDrawer'));

/**
 * "Costs" beside the lists button (issue 35): opens the costs panel, whose code loads on the first click. Expenses
 * kept on the phone while offline are sent from here as soon as the network is back, also with the panel closed.
 */
export default function CostsButton({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useExpenseQueueSync(rideId);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconCoins size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="open-costs"
      >
        {t('costs.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CostsDrawer rideId={rideId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
