import type { AccountSettingsBody, AccountSettingsResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';

/**
 * The signed-in account's own settings (contract calls/account-settings.ts): its home currency, which its trips that
 * chose none count their costs in (issue 35, rule 88; null: ₪ for a trip in Hebrew, else US dollars), and the longest
 * day it plans, which the trip's checks warn of a longer day against (issue 36 point 3, rule 107; null: 12 hours).
 */
export type AccountSettingsAnswer = AccountSettingsResponse;

/** The key is the query's own (a session's end drops it with every other read: SessionEvents). */
export const accountSettingsQuery = () =>
  queryOptions({
    queryKey: ['account_settings'] as const,
    queryFn: ({ signal }) => apiGet<AccountSettingsAnswer>('account/settings', signal),
    retry: false,
  });

/** A field left out keeps its value; null clears it. */
export const putAccountSettings = (body: AccountSettingsBody) =>
  apiRequest<AccountSettingsAnswer>('account/settings', { method: 'PUT', body });
