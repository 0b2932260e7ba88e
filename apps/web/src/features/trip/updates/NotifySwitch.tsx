// Mantine's sheets are loaded per component (app/mantine-styles.ts); the switch is only here.
import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../../lib/use-write';
import { setCopyNotify, upstreamKeys } from './api';

/**
 * The copy owner's own switch (issue 37 point 4, rule 137): a mail when the original's planner sends updates into this
 * copy. Shown to that owner only (`mayChangeNotify` of the upstream answer); its state is the answer's `notify`, read
 * again after the change.
 */
export function NotifySwitch({ rideId, notify }: { rideId: number; notify: boolean }) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  // Shown as chosen at once, until the answer (then what the server keeps: the new choice, or the old one if refused).
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <Switch
      data-testid="updates-notify"
      checked={chosen ?? notify}
      disabled={busy}
      label={t('tripUpdates.notify.label')}
      description={t('tripUpdates.notify.hint')}
      onChange={(e) => {
        const next = e.currentTarget.checked;
        setChosen(next);
        void run(() => setCopyNotify(rideId, next), {
          invalidate: (qc) => qc.invalidateQueries({ queryKey: upstreamKeys.of(rideId) }),
          success: t(next ? 'tripUpdates.notify.on' : 'tripUpdates.notify.off'),
        }).finally(() => setChosen(null));
      }}
    />
  );
}
