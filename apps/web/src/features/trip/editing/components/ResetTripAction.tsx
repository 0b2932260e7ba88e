import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { resetTripToOriginalOrder } from '../api/trip-calls';
import { useTripEdit } from '../hooks/useTripEdit';
import { ConfirmModal } from './ConfirmModal';
import classes from './EditActions.module.css';

/**
 * "Reset trip" in the trip header (000 §2; 001 §4 "returns a trip to its original version"): asked first, since the
 * trip's own order of activities is replaced by its base trip's; its stays and notes stay (decision 0015). Shown only
 * where the reset can work (the contract's tripAbilities().reset); the server enforces the same rule. The answer's code
 * (ride_reset_success, ride_reset_error, a refusal) is what the user reads.
 */
export default function ResetTripAction({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const { run, busy } = useTripEdit(rideId);

  const reset = async () => {
    const done = await run(() => resetTripToOriginalOrder(rideId), { success: t('ride_reset_success') });
    if (done) setAsking(false);
  };

  return (
    <>
      <Button
        variant="default"
        size="compact-md"
        leftSection={<IconRestore size={16} aria-hidden />}
        onClick={() => setAsking(true)}
        aria-haspopup="dialog"
        aria-label={t('tripEditing.reset.button')}
        classNames={{ section: classes.headerSection }}
        style={{ flex: 'none' }}
      >
        <span className={classes.headerLabel}>{t('tripEditing.reset.button')}</span>
      </Button>
      {asking && (
        <ConfirmModal
          title={t('tripEditing.reset.title')}
          confirmLabel={t('tripEditing.reset.confirm')}
          onConfirm={() => void reset()}
          onClose={() => setAsking(false)}
          busy={busy}
          danger
        >
          {t('tripEditing.reset.text')}
        </ConfirmModal>
      )}
    </>
  );
}
