import { OLD_ADDRESSES } from '@rides/contract';

/**
 * The routes of 002 §2.1 that have no screen of their own (the contract's OLD_ADDRESSES): each leads to the screen
 * that serves its purpose, keeping the query parameters (decision 0039). A garbage parameter is the same as a missing
 * one, so an old link always lands on a real page. The router declares these paths (every page's start carries this
 * list); where each goes is old-route-redirect.ts, loaded when one is opened.
 */
export const OLD_ROUTES = OLD_ADDRESSES;
export type { OldAddress as OldRoute } from '@rides/contract';
