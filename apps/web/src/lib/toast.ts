import { useSyncExternalStore } from 'react';
import type { NotificationData } from '@mantine/notifications';

/**
 * Shows a toast (Mantine notifications). The notifications package (with its portal and transitions, ~15 KB gzip)
 * loads with the first toast, not with every page: `useToastsWanted` tells the providers to mount the container
 * then, and the toast, kept in the package's store, appears as soon as it has loaded.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function showToast(toast: NotificationData): void {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(toast));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once a toast has been asked for: the notifications container is mounted from then on. */
export const useToastsWanted = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
