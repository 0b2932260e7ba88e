import { lazy, Suspense, useEffect, useState } from 'react';
import { withTexts } from '../../../lib/i18n';
import { setTripConflictResolver, type ConflictChoice, type TripConflict } from '../../../lib/trip-version';

/** The dialog and its texts load on the first conflict only (the trip page's first JavaScript does not grow). */
const ConflictDialog = lazy(withTexts(() => import('./ConflictDialog'), ['conflicts']));

interface Pending {
  conflict: TripConflict;
  answer: (choice: ConflictChoice) => void;
}

/**
 * No silent overwrites (issue 33 point 3, decision 0065): an edit the server refused with 409 trip_changed_meanwhile
 * (someone changed the same day, activity, stay or field since this page read the trip) is put to the user here.
 * useWrite (lib/use-write.ts) asks through lib/trip-version.ts; this answers with the user's choice: "again" (the
 * same call, sent on the trip as it is now) or "drop". Mounted once, in the layout; renders nothing until asked.
 */
export function TripConflicts() {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(
    () =>
      setTripConflictResolver(
        (conflict) =>
          new Promise<ConflictChoice>((resolve) => {
            setPending((current) => {
              // One question at a time: a second conflict while one is open is dropped with its own toast-free answer.
              if (current) {
                resolve('drop');
                return current;
              }
              return { conflict, answer: resolve };
            });
          }),
      ),
    [],
  );
  if (!pending) return null;
  const choose = (choice: ConflictChoice) => {
    pending.answer(choice);
    setPending(null);
  };
  return (
    <Suspense fallback={null}>
      <ConflictDialog conflict={pending.conflict} onChoose={choose} />
    </Suspense>
  );
}
