import { Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../../lib/use-write';
import { costsKeys, postSettlement, type BudgetAnswer } from './api';
import { formatMoney } from './format';
import classes from './Costs.module.css';

/** "Settle up" (issue 35): the fewest transfers that zero the balances, each marked paid when it is made. */
export default function SettleUp({ rideId, budget }: { rideId: number; budget: BudgetAnswer }) {
  const { t, i18n } = useTranslation();
  const { run, busy } = useWrite();
  const nameOf = (id: number) => budget.people.find((p) => p.userId === id)?.name ?? String(id);
  return (
    <section className={classes.section} aria-labelledby="costs-settle">
      <Title order={3} fz="md" id="costs-settle">
        {t('costs.settle.title')}
      </Title>
      {budget.settleUp.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="settled">
          {t('costs.settle.none')}
        </Text>
      ) : (
        budget.settleUp.map((s) => {
          const amount = formatMoney(s.amount, budget.homeCurrency, i18n.language);
          const line = t('costs.settle.line', {
            from: `\u2068${nameOf(s.from)}\u2069`,
            to: `\u2068${nameOf(s.to)}\u2069`,
            amount,
          });
          return (
            <div key={`${s.from}>${s.to}`} className={classes.transfer} data-testid="transfer">
              <Text size="sm">{line}</Text>
              {budget.mayWrite && (
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={busy}
                  aria-label={`${t('costs.settle.markPaid')}: ${line}`}
                  onClick={() =>
                    void run(() => postSettlement(rideId, s), {
                      invalidate: (qc) => qc.invalidateQueries({ queryKey: costsKeys.all(rideId) }),
                      success: t('costs.settle.marked'),
                    })
                  }
                >
                  {t('costs.settle.markPaid')}
                </Button>
              )}
            </div>
          );
        })
      )}
    </section>
  );
}
