import type { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './api';
import { closeAppModal, openAppModal } from './modal-controller';

/**
 * The version of each trip as this page last saw it (issue 33 point 3, decision 0065), as the server wrote it
 * (`W/"12"`): the ETag of its last ride_attractions_api / ride_header_api read (or the version the server put in the
 * page), or of the last edit's answer (the version that edit made, which the page shows optimistically or after its
 * refetch). Every editing call sends it back as If-Match (lib/api.ts `editOf`), so the server refuses an edit made on
 * a trip someone else changed meanwhile where the two clash (409 trip_changed_meanwhile) instead of overwriting it.
 * Kept as the server's text: the page's first JavaScript does not parse it (the dialog does).
 */
const seen = new Map<number, string>();

/** Notes the version an answer about this trip carried in its ETag (nothing when it carried none). */
export function noteTripVersion(rideId: number, etag: string | null | undefined): void {
  if (etag) seen.set(rideId, etag);
}

/** The If-Match header for an edit of this trip: the version the page shows; none before the trip was read. */
export function ifMatchHeader(rideId: number): Record<string, string> {
  const etag = seen.get(rideId);
  return etag ? { 'If-Match': etag } : {};
}

/** The version the page shows now, as the server wrote it. */
export const seenTripVersion = (rideId: number): string | undefined => seen.get(rideId);

/** What the user chose: send the same edit again on the trip as it is now, or drop it. */
export type ConflictChoice = 'again' | 'drop';

/** A refused edit put to the user: the 409, what the write reads again after a refusal, and the answer. */
export interface PendingConflict {
  error: ApiError;
  readAgain: ((queryClient: QueryClient) => Promise<unknown>) | undefined;
  answer: (choice: ConflictChoice) => void;
}

let pending: PendingConflict | null = null;

/**
 * useWrite's question on a 409 trip_changed_meanwhile: opens the app-wide "trip changed meanwhile" dialog
 * (features/trip/conflicts, loaded then through app/AppModals: it reads the trip again and says what changed) and
 * answers the user's choice; null when another conflict is being asked already (this one then fails as any refusal).
 */
export function askTripConflict(
  error: ApiError,
  readAgain?: PendingConflict['readAgain'],
): Promise<ConflictChoice> | null {
  if (pending) return null;
  return new Promise((answer) => {
    pending = { error, readAgain, answer };
    openAppModal('tripConflict');
  });
}

/** The conflict the dialog shows. */
export const pendingTripConflict = (): PendingConflict | null => pending;

/** The dialog's answer: closes it and lets the waiting write go on. */
export function answerTripConflict(choice: ConflictChoice): void {
  const current = pending;
  pending = null;
  closeAppModal();
  current?.answer(choice);
}
