import { lazy } from 'react';

/**
 * The bookings area's public entry (issue 34, decision 0068): the trip page's "Add bookings", lazy with its texts, so
 * the trip page's first JavaScript carries none of it (DESIGN.md §6: 200 KB gzip). Two steps, as the members' entry:
 * the page's chunk names only the small loader's file, and the loader names the rest. For an editor or the owner of an
 * unlocked trip (the page asks tripAbilities' `edit`); the dialog itself loads on the first click.
 */
export const AddBookings = lazy(() => import('./components/load-entry').then((m) => m.loadAddBookings()));
