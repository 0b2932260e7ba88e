import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCode } from './api';
import { messageKey } from './i18n';
import { showToast } from './toast';

/** What a write says and reads again; every field is optional. */
export interface WriteOptions<T> {
  /** The reads the write changed, read again before the write counts as done (the button stays busy meanwhile). */
  invalidate?: (queryClient: QueryClient, result: T) => Promise<unknown>;
  /** Read again after a refusal (4xx) too: the data may have changed elsewhere (a trip locked, a day removed). */
  invalidateOnRefusal?: (queryClient: QueryClient) => Promise<unknown>;
  /** The toast after success. */
  success?: string;
  /** The toast after a failure; the server's code in the user's language when absent. */
  failure?: string;
  /** Sees the failure first (a form shows it beside its fields): true when no toast should follow. */
  onError?: (error: unknown) => boolean;
}

interface Write {
  call: () => Promise<unknown>;
  invalidate?: (queryClient: QueryClient, result: unknown) => Promise<unknown>;
}

/**
 * The one way to write (issue 17 point 3): a call that changes something, through one TanStack mutation, with
 * `busy` for its button (the call and the reads it changed, read again), and the outcome told through the toasts
 * (lib/toast.ts): `success` when given, the failure (after `onError`, which a form uses to show it beside its fields)
 * as `failure` or the server's code in the user's language. `run` answers the call's result, or undefined when it
 * failed. Toasts carry no fixed id: Mantine ignores a toast whose id is still on screen, and two writes in a row
 * must both be told.
 */
export function useWrite() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ call, invalidate }: Write) => {
      const result = await call();
      await invalidate?.(queryClient, result);
      return result;
    },
  });
  const { mutateAsync } = mutation;

  const showError = useCallback(
    (error: unknown, text?: string) =>
      showToast({ color: 'red', message: text ?? t(messageKey(errorCode(error))), autoClose: 8000 }),
    [t],
  );

  const run = useCallback(
    async <T>(call: () => Promise<T>, opts: WriteOptions<T> = {}): Promise<T | undefined> => {
      try {
        const result = (await mutateAsync({
          call,
          invalidate: opts.invalidate as Write['invalidate'],
        })) as T;
        if (opts.success) showToast({ color: 'brand', message: opts.success });
        return result;
      } catch (error) {
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
    },
    [mutateAsync, queryClient, showError],
  );

  return { run, busy: mutation.isPending, showError };
}
