/**
 * A ride id from the address: the contract's one rule for ids in page addresses (pageId: 1 to 9 digits, not 0), else
 * null (the page shows "not found"). In a module of its own (format.ts re-exports it): the app's start reads it
 * (features/trip/view/api/prefetch.ts) without the rest of format.ts.
 */
export { pageId as parseId } from '@rides/contract';
