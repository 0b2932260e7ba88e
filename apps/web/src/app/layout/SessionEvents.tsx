import { useEffect } from 'react';
import { showToast } from '../../lib/toast';
import { useTranslation } from 'react-i18next';
import { onSessionEnd } from '../../lib/session-store';
import { queryClient } from '../query-client';

const MESSAGE = {
  'signed-out': 'signed_out',
  'signed-out-everywhere': 'signed_out_everywhere',
  expired: 'token_expired',
  rejected: 'user_is_not_authorized',
} as const;

/** Tells the user when the session ends, and drops cached data that belonged to them. */
export function SessionEvents() {
  const { t } = useTranslation();
  useEffect(
    () =>
      onSessionEnd((reason) => {
        queryClient.removeQueries({ predicate: (q) => !q.meta?.keepOnSessionEnd });
        if (reason === 'update-required') return;
        showToast({
          message: t(MESSAGE[reason]),
          color: reason === 'expired' || reason === 'rejected' ? 'red' : 'brand',
        });
      }),
    [t],
  );
  return null;
}
