import type { NotificationData } from '@mantine/notifications';

/**
 * Shows a toast (Mantine notifications). The notifications package loads on its own, after the first paint, so no
 * page pays for it up front; a toast asked for before it has loaded appears as soon as it has.
 */
export function showToast(toast: NotificationData): void {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(toast));
}
