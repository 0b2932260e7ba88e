import { useState } from 'react';
import { Button, Checkbox, Collapse, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { EXPENSE_CATEGORIES } from '@rides/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../../lib/use-write';
import { ApiError } from '../../../lib/api';
import { budgetQuery, costsKeys, putBudget, type BudgetAnswer } from './api';
import { budgetBodyOf, limitsOf } from './budget-form';
import { currenciesFor } from './currencies';
import classes from './Costs.module.css';

/**
 * The trip's home currency, a limit per category (in the home currency) and, for the planner of a client's trip, the
 * price quoted to the client and whether the clients see it (issue 35 points 2-4; PUT budget). Folded until opened.
 * A new home currency converts every expense again at its own day's rate (refused once transfers were marked paid).
 */
export default function BudgetSettings({ rideId, budget }: { rideId: number; budget: BudgetAnswer }) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const [open, setOpen] = useState(false);
  const [homeCurrency, setHome] = useState(budget.homeCurrency);
  const [limits, setLimits] = useState(() => limitsOf(budget));
  const [quote, setQuote] = useState(budget.quote?.amount ?? '');
  const [shared, setShared] = useState(budget.quote?.shared ?? false);
  // The budget as it was when the form opened: a change someone made meanwhile is refused (409), not replaced.
  const [basedOn, setBasedOn] = useState(budget.updatedAt);
  const queryClient = useQueryClient();

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { ...budgetBodyOf({ homeCurrency, limits, quote, shared }, budget.mayQuote), basedOn };
    let meanwhile = false;
    const done = await run(() => putBudget(rideId, body), {
      invalidate: (qc) => qc.invalidateQueries({ queryKey: costsKeys.all(rideId) }),
      success: t('costs.budget.saved'),
      onError: (error) => {
        meanwhile = error instanceof ApiError && error.code === 'money_changed_meanwhile';
        return false;
      },
    });
    if (done) setOpen(false);
    else if (meanwhile) {
      // Told (the toast): the summary shows their change; the form keeps what was typed, and saving again replaces it.
      const fresh = await queryClient.fetchQuery({ ...budgetQuery(rideId), staleTime: 0 });
      setBasedOn(fresh.updatedAt);
    }
  };

  return (
    <section className={classes.section} aria-labelledby="costs-budget">
      <div className={classes.headRow}>
        <Title order={3} fz="md" id="costs-budget">
          {t('costs.budget.title')}
        </Title>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-expanded={open}
          onClick={() => {
            // Opened: what the budget says now (another traveller may have changed it meanwhile).
            if (!open) {
              setHome(budget.homeCurrency);
              setLimits(limitsOf(budget));
              setQuote(budget.quote?.amount ?? '');
              setShared(budget.quote?.shared ?? false);
              setBasedOn(budget.updatedAt);
            }
            setOpen(!open);
          }}
          data-testid="budget-settings-toggle"
        >
          {open ? t('costs.budget.close') : t('costs.budget.open')}
        </Button>
      </div>
      <Collapse expanded={open}>
        <form
          className={classes.form}
          onSubmit={(e) => void save(e)}
          noValidate
          data-testid="budget-settings"
        >
          <NativeSelect
            label={t('costs.budget.homeCurrency')}
            description={t('costs.budget.homeHint')}
            data={currenciesFor(budget.homeCurrency)}
            value={homeCurrency}
            onChange={(e) => setHome(e.currentTarget.value)}
            data-testid="budget-home-currency"
          />
          <Text size="sm" fw={500}>
            {t('costs.budget.limits', { currency: homeCurrency })}
          </Text>
          <div className={classes.limits}>
            {EXPENSE_CATEGORIES.map((c) => (
              <TextInput
                key={c}
                size="xs"
                label={t(`costs.category.${c}`)}
                inputMode="decimal"
                autoComplete="off"
                placeholder={t('costs.budget.noLimit')}
                dir="ltr"
                value={limits[c]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setLimits((l) => ({ ...l, [c]: value }));
                }}
                data-testid={`budget-limit-${c}`}
              />
            ))}
          </div>
          {budget.mayQuote && (
            <>
              <TextInput
                label={t('costs.budget.quote', { currency: homeCurrency })}
                description={t('costs.budget.quoteHint')}
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                value={quote}
                onChange={(e) => setQuote(e.currentTarget.value)}
                data-testid="budget-quote"
              />
              <Checkbox
                label={t('costs.budget.shared')}
                checked={shared}
                onChange={(e) => setShared(e.currentTarget.checked)}
              />
            </>
          )}
          <Group gap="xs">
            <Button type="submit" loading={busy} data-testid="budget-save">
              {t('costs.budget.save')}
            </Button>
          </Group>
        </form>
      </Collapse>
    </section>
  );
}
