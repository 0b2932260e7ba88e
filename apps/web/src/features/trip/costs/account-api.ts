import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest, type Envelope } from '../../../lib/api';

/**
 * The signed-in account's own settings (issue 35; contract calls/expenses.ts): its home currency, which its trips that
 * chose none count their costs in (rule 88). Null: none chosen (₪ for a trip in Hebrew, else US dollars).
 */
export interface AccountSettingsAnswer extends Envelope {
  homeCurrency: string | null;
}

/** The key is the query's own (a session's end drops it with every other read: SessionEvents). */
export const accountSettingsQuery = () =>
  queryOptions({
    queryKey: ['account_settings'] as const,
    queryFn: ({ signal }) => apiGet<AccountSettingsAnswer>('account/settings', signal),
    retry: false,
  });

export const putAccountSettings = (homeCurrency: string | null) =>
  apiRequest<AccountSettingsAnswer>('account/settings', { method: 'PUT', body: { homeCurrency } });
