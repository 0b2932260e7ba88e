import { lazy } from 'react';
import type { TripWire } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../../lib/session-store';
import { tripHeaderQuery } from '../../data/trip-header';

/**
 * The marks of a copy (CopyOriginNotes.tsx), a chunk of their own: only copies show them, and the original they name
 * arrives after the page anyway (the trip page's initial JavaScript bar, DESIGN.md §6).
 */
export const InheritedNote = lazy(() =>
  import('./CopyOriginNotes').then((m) => ({ default: m.InheritedNote })),
);
export const RenameCopyPrompt = lazy(() =>
  import('./CopyOriginNotes').then((m) => ({ default: m.RenameCopyPrompt })),
);

/**
 * The trip a copy was made from, as this reader may read it (undefined: not a copy, not read yet, or not readable).
 * Not in the server's HTML (the browser asks after hydration), so the marks it brings never differ at hydration.
 */
export function useOriginalTrip(basedRideId: number | null): TripWire | undefined {
  const session = useSession();
  const query = useQuery({
    ...tripHeaderQuery(basedRideId ?? 0, session?.token ?? null),
    enabled: basedRideId !== null,
    retry: false,
  });
  return basedRideId === null ? undefined : query.data?.ride;
}
