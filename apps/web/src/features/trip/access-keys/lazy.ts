import { lazy } from 'react';
import { withTexts } from '../../../lib/i18n';

/**
 * The access-keys feature's public entry: what other features may use (docs/decisions/0034-web-boundaries.md).
 * Both are lazy, with their texts, so the trip page's first JavaScript carries neither.
 */

/** A private trip's planner only (never in the server's HTML): registration link, one-time link, duplicate. */
export const PlannerTripTools = lazy(withTexts(() => import('./components/PlannerTripTools'), ['accessKeys']));

/** A signed-in client of a private trip (not its author): "make my own copy" when the server says their access allows it. */
export const ClientCopyAction = lazy(withTexts(() => import('./components/ClientCopyAction'), ['accessKeys']));

/** A private trip's page, for those let in: "private link", which opens the copy-private-link dialog (000 §2). */
export const PrivateLinkAction = lazy(withTexts(() => import('./components/PrivateLinkAction'), ['accessKeys']));
