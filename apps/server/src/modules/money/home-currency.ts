/**
 * A trip's home currency (issue 35, rule 88): what its money is counted in. Pure; money.service.ts reads the facts in
 * one query (money.repository.ts `homeCurrencyFacts`) and asks this.
 *
 *  1. the one chosen for the trip (PUT budget);
 *  2. else the one its recorded expenses and transfers are already kept in (each expense is frozen in the home
 *     currency of its day: counting the trip in another would add euros to shekels; only PUT budget converts again);
 *  3. else its owner's (the author's) own choice, set in their account settings;
 *  4. else ₪ for a trip in Hebrew ("default ILS for Hebrew users");
 *  5. else US dollars.
 */
export interface HomeCurrencyFacts {
  /** The trip's own choice (trip_budgets), or null. */
  chosen: string | null;
  /** The home currency of an expense or a transfer already recorded on the trip, or null when there is none. */
  keptIn: string | null;
  /** The owner's account choice (users.home_currency), or null. */
  ownerChoice: string | null;
  /** The trip's language ('hebrew' | 'english'), or null when unknown. */
  tripLanguage: string | null;
}

export const FALLBACK_HOME_CURRENCY = 'USD';
export const HEBREW_HOME_CURRENCY = 'ILS';

export function tripHomeCurrency(facts: HomeCurrencyFacts): string {
  return (
    facts.chosen ??
    facts.keptIn ??
    facts.ownerChoice ??
    (facts.tripLanguage === 'hebrew' ? HEBREW_HOME_CURRENCY : FALLBACK_HOME_CURRENCY)
  );
}
