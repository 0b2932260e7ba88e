import { EXPENSE_CATEGORIES, type ExpenseCategory } from '@rides/contract';
import type { BudgetAnswer, BudgetBody } from './api';
import { normalDecimal } from './draft';

/** The budget form's values (BudgetSettings.tsx), pure so their way to the wire is tested (test/costs.test.ts). */
export type Limits = Record<ExpenseCategory, string>;

/** Each category's limit as the budget says it, empty for none. */
export const limitsOf = (budget: Pick<BudgetAnswer, 'byCategory'>): Limits =>
  Object.fromEntries(
    EXPENSE_CATEGORIES.map((c) => [c, budget.byCategory.find((x) => x.category === c)?.limit ?? '']),
  ) as Limits;

/** The form's values as PUT budget's body: empty limits are none; the quote only for its planner. */
export function budgetBodyOf(
  form: { homeCurrency: string; limits: Limits; quote: string; shared: boolean },
  mayQuote: boolean,
): BudgetBody {
  const limits: Partial<Record<ExpenseCategory, string>> = {};
  for (const c of EXPENSE_CATEGORIES) {
    const typed = normalDecimal(form.limits[c]);
    if (typed !== '') limits[c] = typed;
  }
  const quote = normalDecimal(form.quote);
  return {
    homeCurrency: form.homeCurrency,
    limits,
    ...(mayQuote
      ? { quote: quote === '' ? null : { amount: quote, currency: form.homeCurrency, shared: form.shared } }
      : {}),
  };
}
