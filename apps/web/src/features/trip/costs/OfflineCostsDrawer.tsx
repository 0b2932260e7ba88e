import { useMemo, useState } from 'react';
import { Alert, Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ExpenseBody } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Drawer.css';
import { currentToken } from '../../../lib/session-store';
import { decodeTokenPayload } from '../../../lib/session';
import type { SavedTrip } from '../cache/trip-cache';
import { newDraft } from './draft';
import ExpenseForm from './ExpenseForm';
import ExpenseList from './ExpenseList';
import type { KeptMoney } from './kept';
import KeptAt from './KeptAt';
import { enqueueExpense, newExpenseClientId, stillWaiting } from './queue';
import { useExpenseQueue } from './queue-sync';
import SettleUp from './SettleUp';
import Summary from './Summary';

/** "DD/MM/YYYY 00:00" -> YYYY-MM-DD. */
const isoOf = (dateTime: string | null) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(dateTime ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const noWrite = () => undefined;

/**
 * The trip's costs as this device last read them (issue 35 point 5; kept.ts), on the offline view: when they were
 * read, the totals with a bar per category, each person's balance, the settle-up and the expenses, read only (marking
 * a transfer paid, editing and deleting need the network). An expense added here is queued on the phone with its
 * clientId (queue.ts), listed as waiting, and sent once when the trip page is back online (CostsButton).
 */
export default function OfflineCostsDrawer({
  trip,
  kept,
  onClose,
}: {
  trip: SavedTrip;
  kept: KeptMoney;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const queue = useExpenseQueue(trip.id);
  const [clientId, setClientId] = useState(newExpenseClientId);
  const { expenses: data, budget } = kept;
  const initial = useMemo(() => {
    const days = trip.days.map((d) => isoOf(d.dateTime)).filter((d): d is string => d !== null);
    const id = decodeTokenPayload(currentToken() ?? '')?.user_id;
    const me = typeof id === 'number' ? id : null;
    return newDraft({ homeCurrency: data.homeCurrency, today: todayIso(), days, me, people: data.people });
  }, [trip.days, data]);
  const waiting = stillWaiting(queue, data.expenses);

  const add = (body: ExpenseBody) => {
    enqueueExpense(trip.id, body);
    setClientId(newExpenseClientId());
    return Promise.resolve(null);
  };

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
        <KeptAt at={kept.readAt} />
        {waiting.length > 0 && (
          <Alert color="yellow" data-testid="costs-pending">
            {t('costs.pending', { count: waiting.length })}
          </Alert>
        )}
        {data.mayWrite && (
          <ExpenseForm
            key={`new-${data.people.length}-${data.homeCurrency}`}
            initial={initial}
            homeCurrency={data.homeCurrency}
            people={data.people}
            clientId={clientId}
            busy={false}
            onSave={add}
          />
        )}
        <Summary budget={budget} />
        <SettleUp rideId={trip.id} budget={{ ...budget, mayWrite: false }} />
        <ExpenseList
          rideId={trip.id}
          expenses={data.expenses}
          waiting={waiting}
          people={data.people}
          mayWrite={false}
          onEdit={noWrite}
        />
        {!data.mayWrite && (
          <Text size="sm" c="dimmed">
            {t('costs.readOnly')}
          </Text>
        )}
      </Stack>
    </Drawer>
  );
}
