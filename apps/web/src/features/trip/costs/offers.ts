import { EXPENSE_NOTE_MAX, type ExpenseOffer } from '@rides/contract';
import type { ExpenseDraft } from './draft';

/**
 * A booking's price offered as an expense (issue 35): the new-expense form starts from it (pure, so it is tested:
 * test/costs-offers.test.ts). Its amount in its own currency, its first day, its category, its title as the note, and
 * the stay or activity it became on the trip; who paid and the split stay the form's defaults (me, everyone equally).
 */
export function offerDraft(base: ExpenseDraft, offer: ExpenseOffer): ExpenseDraft {
  const { stayId: _stay, activityId: _activity, ...rest } = base;
  return {
    ...rest,
    amount: offer.amount,
    currency: offer.currency,
    date: offer.date,
    category: offer.category,
    note: offer.title.slice(0, EXPENSE_NOTE_MAX),
    rate: '',
    ...(offer.stayId !== undefined ? { stayId: offer.stayId } : {}),
    ...(offer.activityId !== undefined ? { activityId: offer.activityId } : {}),
  };
}

/** The offers still to make: not those an expense kept on the phone (sent when back online) is already for. */
export function offersLeft(
  offers: readonly ExpenseOffer[],
  waiting: readonly { stayId?: number; activityId?: number }[],
): ExpenseOffer[] {
  return offers.filter(
    (o) =>
      !waiting.some(
        (w) =>
          (o.stayId !== undefined && w.stayId === o.stayId) ||
          (o.activityId !== undefined && w.activityId === o.activityId),
      ),
  );
}
