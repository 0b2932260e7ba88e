import { useState } from 'react';
// Mantine's sheets are loaded per component (app/mantine-styles.ts); the switch is an author's, so it comes here.
import '@mantine/core/styles/Switch.css';
import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setTripLocked } from '../api/trip-calls';
import { useTripEdit } from '../hooks/useTripEdit';

/**
 * The author's lock (001 §4 "toggle applies at once; if the call fails it reverts and an error shows"). A locked
 * trip refuses every change of its content, its author's too, until it is unlocked (decision 0015).
 */
export default function LockToggle({ rideId, locked }: { rideId: number; locked: boolean }) {
  const { t } = useTranslation();
  // The switch moves at once; once the call has answered (and the trip was read again) the trip is the truth
  // again: the new state on success, the old one (a revert) on failure.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? locked;
  const { run, busy } = useTripEdit(rideId);

  const toggle = async (next: boolean) => {
    setPending(next);
    await run(() => setTripLocked(rideId, next), {
      success: next ? t('tripEditing.lock.locked') : t('tripEditing.lock.unlocked'),
    });
    setPending(null);
  };

  return (
    <Switch
      checked={checked}
      disabled={busy}
      onChange={(e) => void toggle(e.currentTarget.checked)}
      label={t('tripEditing.lock.label')}
      style={{ flex: 'none' }}
    />
  );
}
