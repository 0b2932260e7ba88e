import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The account's own settings (GET/PUT /api/account/settings): the columns of users they are kept in. */
export interface AccountSettingsRow {
  homeCurrency: string | null;
  dayLimitHours: number | null;
}

export async function accountSettingsOf(db: Database, userId: number): Promise<AccountSettingsRow> {
  const [row] = await db
    .select({ homeCurrency: users.homeCurrency, dayLimitHours: users.dayLimitHours })
    .from(users)
    .where(eq(users.id, userId));
  return { homeCurrency: row?.homeCurrency ?? null, dayLimitHours: row?.dayLimitHours ?? null };
}

/** The longest day the account plans (hours), or null: none chosen. Read by every trip's checks the account asks for. */
export async function dayLimitHoursOf(db: Database, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ dayLimitHours: users.dayLimitHours })
    .from(users)
    .where(eq(users.id, userId));
  return row?.dayLimitHours ?? null;
}

/** Writes the settings given; a field left out (undefined) keeps its value. */
export async function setAccountSettings(
  db: Database,
  userId: number,
  values: Partial<AccountSettingsRow>,
): Promise<void> {
  const set: Partial<AccountSettingsRow> = {};
  if (values.homeCurrency !== undefined) set.homeCurrency = values.homeCurrency;
  if (values.dayLimitHours !== undefined) set.dayLimitHours = values.dayLimitHours;
  if (Object.keys(set).length === 0) return;
  await db.update(users).set(set).where(eq(users.id, userId));
}
