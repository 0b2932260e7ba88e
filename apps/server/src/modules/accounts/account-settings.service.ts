import { currencyExponent, type AccountSettingsBody, type AccountSettingsResponse } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import * as repo from './account-settings.repository.js';

/**
 * The signed-in account's own settings (GET/PUT /api/account/settings; contract calls/account-settings.ts): the home
 * currency its trips without one count their costs in (issue 35, rule 88: money/home-currency.ts reads it for a trip's
 * owner) and the longest day it plans (issue 36 point 3, rule 107: the checks read it for their reader). Only the
 * account itself reads and sets them: the call names no one else, the user is the session's.
 */
export function createAccountSettingsService(opts: { db: Database }) {
  const { db } = opts;
  const answer = async (userId: number): Promise<AccountSettingsResponse> => ({
    ServerMassageCode: 'success',
    ...(await repo.accountSettingsOf(db, userId)),
  });

  return {
    /** GET /api/account/settings: the account's own (null: none chosen). */
    settings(user: SessionUser) {
      return answer(user.id);
    },

    /**
     * PUT /api/account/settings: a field left out keeps its value, null clears it. The contract refuses a day limit out
     * of 4..20 (`bad_day_limit`) and a malformed currency; a code the ledger does not know is `unknown_currency` here.
     */
    async set(user: SessionUser, body: AccountSettingsBody) {
      const code = body.homeCurrency;
      if (typeof code === 'string' && currencyExponent(code) === null)
        throw new AppError('unknown_currency', [{ field: 'homeCurrency', code: 'unknown_currency' }]);
      await repo.setAccountSettings(db, user.id, {
        homeCurrency: body.homeCurrency,
        dayLimitHours: body.dayLimitHours,
      });
      return answer(user.id);
    },

    /** The longest day this reader plans, in seconds, or null: signed out or none chosen (the checks' default). */
    async dayLimitSOf(viewer: SessionUser | null): Promise<number | null> {
      if (!viewer) return null;
      const hours = await repo.dayLimitHoursOf(db, viewer.id);
      return hours === null ? null : hours * 3600;
    },
  };
}

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
