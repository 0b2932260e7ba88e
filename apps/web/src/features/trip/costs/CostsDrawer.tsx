import { useMemo, useState } from 'react';
import { Alert, Drawer, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ExpenseBody, ExpenseOffer, ExpenseWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Drawer.css';
import { ApiError } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { currentToken } from '../../../lib/session-store';
import { decodeTokenPayload } from '../../../lib/session';
import { useWrite } from '../../../lib/use-write';
import { useTripAttractions } from '../data/trip-attractions';
import { budgetQuery, costsKeys, expensesQuery, patchExpense, postExpense } from './api';
import AddTraveller from './AddTraveller';
import BudgetSettings from './BudgetSettings';
import { draftOf, newDraft, type DraftProblem } from './draft';
import ExpenseForm from './ExpenseForm';
import ExpenseList from './ExpenseList';
import { linkChoices } from './links';
import KeptAt from './KeptAt';
import { offerDraft, offersLeft } from './offers';
import Offers from './Offers';
import { enqueueExpense, newExpenseClientId, stillWaiting } from './queue';
import { useExpenseQueue } from './queue-sync';
import SettleUp from './SettleUp';
import Summary from './Summary';
import { useKeptMoney } from './use-kept-money';

const FIELD_OF: Record<string, DraftProblem['field']> = {
  bad_rate: 'rate',
  rate_unavailable: 'rate',
  split_does_not_add_up: 'split',
  bad_share: 'split',
  not_on_trip: 'split',
  paid_does_not_add_up: 'paid',
  payer_required: 'paid',
};

/** "DD/MM/YYYY 00:00" -> YYYY-MM-DD. */
const isoOf = (dateTime: string | null | undefined) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(dateTime ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The trip's costs (issue 35, decision 0069): add an expense, the totals in the home currency with a bar per category
 * and the limits, each person's balance, the settle-up with "mark as paid", the expenses, and a traveller without an
 * account. An expense saved without network is kept on the phone and sent when it is back (queue.ts).
 */
export default function CostsDrawer({ rideId, onClose }: { rideId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const { run, busy } = useWrite();
  const queryClient = useQueryClient();
  // Without network, the answers last kept on this device stand in (kept.ts), with the time they were read.
  const { expenses, budget, keptAt } = useKeptMoney(
    rideId,
    useQuery(expensesQuery(rideId)),
    useQuery(budgetQuery(rideId)),
  );
  const trip = useTripAttractions(rideId);
  const queue = useExpenseQueue(rideId);
  const [editing, setEditing] = useState<ExpenseWire | null>(null);
  const [clientId, setClientId] = useState(newExpenseClientId);
  /** A booking's offer the new-expense form was filled from (Offers.tsx); none once it is saved. */
  const [offer, setOffer] = useState<ExpenseOffer | null>(null);
  const data = expenses.data;

  const days = useMemo(
    () =>
      (trip.data?.attractionsByDay ?? [])
        .map((d) => isoOf(d.dateTime))
        .filter((d): d is string => d !== null),
    [trip.data],
  );
  const links = useMemo(
    () => linkChoices(trip.data?.attractionsByDay ?? [], (n) => t('costs.form.day', { n })),
    [trip.data, t],
  );
  const me = useMemo(() => {
    const id = decodeTokenPayload(currentToken() ?? '')?.user_id;
    return typeof id === 'number' ? id : null;
  }, []);
  const initial = useMemo(
    () =>
      data
        ? newDraft({ homeCurrency: data.homeCurrency, today: todayIso(), days, me, people: data.people })
        : null,
    [data, days, me],
  );
  const waiting = stillWaiting(queue, data?.expenses ?? []);
  const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: costsKeys.all(rideId) });

  const problemOf = (error: unknown): DraftProblem | null => {
    const code = error instanceof ApiError ? error.code : null;
    return code && FIELD_OF[code] ? { field: FIELD_OF[code], code } : null;
  };

  const add = async (body: ExpenseBody): Promise<DraftProblem | null | false> => {
    const keep = () => {
      enqueueExpense(rideId, body);
      setClientId(newExpenseClientId());
    };
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      keep();
      return null;
    }
    let problem: DraftProblem | null = null;
    let offline = false;
    const done = await run(() => postExpense(rideId, body), {
      invalidate: refresh,
      success: t('costs.form.saved'),
      onError: (error) => {
        offline = error instanceof ApiError && error.status === 0;
        problem = problemOf(error);
        return offline || problem !== null;
      },
    });
    if (done) setClientId(newExpenseClientId());
    else if (offline) keep();
    return done || offline ? null : (problem ?? false);
  };

  const save = async (expense: ExpenseWire, body: ExpenseBody): Promise<DraftProblem | null | false> => {
    const { clientId: _id, ...patch } = body;
    let problem: DraftProblem | null = null;
    let meanwhile = false;
    // Based on the expense as it was when the form opened: a change someone made meanwhile is refused, not replaced.
    const done = await run(() => patchExpense(rideId, expense.id, { ...patch, basedOn: expense.updatedAt }), {
      invalidate: refresh,
      success: t('costs.form.saved'),
      onError: (error) => {
        meanwhile = error instanceof ApiError && error.code === 'money_changed_meanwhile';
        problem = problemOf(error);
        return problem !== null;
      },
    });
    if (done) setEditing(null);
    else if (meanwhile) {
      // Told (the toast): the list shows their change; the form keeps what was typed, and saving again replaces it.
      const fresh = await queryClient.fetchQuery({ ...expensesQuery(rideId), staleTime: 0 });
      const now = fresh.expenses.find((e) => e.id === expense.id);
      setEditing(now ?? null);
    }
    return done ? null : (problem ?? false);
  };

  const failed = expenses.error ?? budget.error;
  return (
    <Drawer
      opened
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '100%' : 'lg'}
      title={t('costs.title')}
      closeButtonProps={{ 'aria-label': t('costs.close') }}
    >
      <Stack gap="lg" data-testid="costs-drawer">
        {failed && !data && (
          <Alert color="red">{t(messageKey(failed instanceof ApiError ? failed.code : null))}</Alert>
        )}
        {!data && !failed && <Loader size="sm" aria-label={t('costs.loading')} />}
        {keptAt !== null && <KeptAt at={keptAt} />}
        {waiting.length > 0 && (
          <Alert color="yellow" data-testid="costs-pending">
            {t('costs.pending', { count: waiting.length })}
          </Alert>
        )}
        {data && data.mayWrite && !editing && (
          <Offers
            offers={offersLeft(data.offers ?? [], waiting)}
            chosen={offer?.bookingId}
            onOffer={setOffer}
          />
        )}
        {data && initial && data.mayWrite && !editing && (
          <ExpenseForm
            key={`new-${data.people.length}-${data.homeCurrency}-${offer?.bookingId ?? ''}`}
            initial={offer ? offerDraft(initial, offer) : initial}
            homeCurrency={data.homeCurrency}
            people={data.people}
            clientId={clientId}
            busy={busy}
            links={links}
            onSave={async (body) => {
              const refused = await add(body);
              if (refused === null) setOffer(null);
              return refused;
            }}
          />
        )}
        {data && editing && (
          <ExpenseForm
            key={`edit-${editing.id}`}
            editing
            initial={draftOf(editing)}
            homeCurrency={data.homeCurrency}
            people={data.people}
            clientId={editing.clientId}
            busy={busy}
            links={links}
            onSave={(body) => save(editing, body)}
            onCancel={() => setEditing(null)}
          />
        )}
        {budget.data && <Summary budget={budget.data} />}
        {budget.data && <SettleUp rideId={rideId} budget={budget.data} />}
        {budget.data && (budget.data.mayWrite || budget.data.mayQuote) && (
          <BudgetSettings rideId={rideId} budget={budget.data} />
        )}
        {data && (
          <ExpenseList
            rideId={rideId}
            expenses={data.expenses}
            waiting={waiting}
            people={data.people}
            mayWrite={data.mayWrite}
            onEdit={setEditing}
          />
        )}
        {data?.mayWrite && <AddTraveller rideId={rideId} />}
        {data && !data.mayWrite && (
          <Text size="sm" c="dimmed">
            {t('costs.readOnly')}
          </Text>
        )}
      </Stack>
    </Drawer>
  );
}
