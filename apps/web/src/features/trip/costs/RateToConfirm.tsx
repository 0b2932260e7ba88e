import { Button, Group, Text } from '@mantine/core';
import type { ExpenseWire } from '@rides/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../../lib/use-write';
import { confirmRate, costsKeys, patchExpense } from './api';
import { formatMoney } from './format';
import classes from './Costs.module.css';

/**
 * An expense recorded without a connection has the newest rate the server knew, not its day's (issue 35 point 2):
 * "use the day's rate" asks the server for its own day's reference rate (refused while it is still unknown: the
 * toast says so), "keep this rate" makes the rate the user's own (typed by hand). Either way it is frozen.
 */
export default function RateToConfirm({ rideId, expense }: { rideId: number; expense: ExpenseWire }) {
  const { t, i18n } = useTranslation();
  const { run, busy } = useWrite();
  const refresh = {
    invalidate: (qc: QueryClient) => qc.invalidateQueries({ queryKey: costsKeys.all(rideId) }),
  };
  const rate = `1 ${expense.currency} = ${formatMoney(expense.rate, expense.homeCurrency, i18n.language)}`;
  return (
    <div className={classes.confirmRate} data-testid="rate-to-confirm">
      <Text size="xs" c="orange">
        {t('costs.rate.toConfirm', { rate: `\u2068${rate}\u2069` })}
      </Text>
      <Group gap={6}>
        <Button
          size="compact-xs"
          variant="light"
          disabled={busy}
          onClick={() =>
            void run(() => confirmRate(rideId, expense.id), {
              ...refresh,
              success: t('costs.rate.confirmed'),
            })
          }
        >
          {t('costs.rate.useDay')}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={busy}
          onClick={() =>
            void run(
              () => patchExpense(rideId, expense.id, { rate: expense.rate, basedOn: expense.updatedAt }),
              {
                ...refresh,
                success: t('costs.rate.kept'),
              },
            )
          }
        >
          {t('costs.rate.keep')}
        </Button>
      </Group>
    </div>
  );
}
