import { useCallback, useState } from 'react';
import type { NotificationData } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCode } from './api';
import { messageKey } from './i18n';
import { showToast } from './toast';
import { askTripConflict } from './trip-version';

/** What a write says and reads again; every field is optional. */
export interface WriteOptions<T> {
  /** The reads the write changed, read again before the write counts as done (the button stays busy meanwhile). */
  invalidate?: (queryClient: QueryClient, result: T) => Promise<unknown>;
  /** Read again after a refusal (4xx) too: the data may have changed elsewhere (a trip locked, a day removed). */
  invalidateOnRefusal?: (queryClient: QueryClient) => Promise<unknown>;
  /** The toast after success: its text, or the toast itself (an id, a title; its text may come from the result). */
  success?: string | ((result: T) => NotificationData);
  /** The toast after a failure: its text, or the toast's fields; the server's code in the user's language when absent. */
  failure?: string | Partial<NotificationData>;
  /** Sees the failure first (a form shows it beside its fields): true when no toast should follow. */
  onError?: (error: unknown) => boolean;
  /**
   * Changes the cached reads before the call (a drop on the calendar moves the activity at once); answers how to put
   * them back, which is done when the call fails.
   */
  optimistic?: (queryClient: QueryClient) => Promise<() => void>;
  /** Read again whatever the outcome (after an optimistic change the server's copy decides); awaited either way. */
  settled?: (queryClient: QueryClient) => Promise<unknown>;
}

/**
 * The one way to write (issue 17 point 3, decision 0058): a call that changes something, with `busy` for its button
 * (the call and the reads it changed, read again; a plain flag: TanStack's useMutation would add ~1 KB gzip to the
 * trip page, whose copy button writes through here, for nothing it would do more; lint keeps it out of the app), and
 * the outcome told through the toasts
 * (lib/toast.ts): `success` when given, the failure (after `onError`, which a form uses to show it beside its fields)
 * as `failure` or the server's code in the user's language. `run` answers the call's result, or undefined when it
 * failed. Toasts carry no fixed id unless the caller gives one: Mantine ignores a toast whose id is still on screen,
 * and two writes in a row must both be told.
 */
export function useWrite() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const showError = useCallback(
    (error: unknown, failure?: string | Partial<NotificationData>) => {
      const toast = typeof failure === 'string' ? { message: failure } : failure;
      showToast({
        color: 'red',
        autoClose: 8000,
        ...toast,
        message: toast?.message ?? t(messageKey(errorCode(error))),
      });
    },
    [t],
  );

  const run = useCallback(
    async <T>(call: () => Promise<T>, opts: WriteOptions<T> = {}): Promise<T | undefined> => {
      const attempt = async (): Promise<T | undefined> => {
        let undo: (() => void) | undefined;
        try {
          undo = await opts.optimistic?.(queryClient);
          const result = await call();
          await opts.invalidate?.(queryClient, result);
          await opts.settled?.(queryClient);
          if (typeof opts.success === 'string') showToast({ color: 'brand', message: opts.success });
          else if (opts.success) showToast({ color: 'brand', ...opts.success(result) });
          return result;
        } catch (error) {
          undo?.();
          await opts.settled?.(queryClient);
          // Someone changed what this edit changes since the page read the trip (decision 0065): nothing was applied.
          // The page reads the trip again (showing their change) while the user chooses to send theirs again on it,
          // or to drop it; either way nothing they typed goes without their saying so. Loaded on the first conflict.
          if (error instanceof ApiError && error.code === 'trip_changed_meanwhile' && error.rideId) {
            const choice = await askTripConflict(error, opts.invalidateOnRefusal);
            if (choice === 'again') return await attempt();
            if (choice === 'drop') return undefined;
          }
          if (
            opts.invalidateOnRefusal &&
            error instanceof ApiError &&
            error.status >= 400 &&
            error.status < 500
          )
            void opts.invalidateOnRefusal(queryClient);
          if (!opts.onError?.(error)) showError(error, opts.failure);
          return undefined;
        }
      };
      setBusy(true);
      try {
        return await attempt();
      } finally {
        setBusy(false);
      }
    },
    [queryClient, showError],
  );

  return { run, busy, showError };
}
