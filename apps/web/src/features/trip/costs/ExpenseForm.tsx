import { useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  Chip,
  Collapse,
  Group,
  NativeSelect,
  SegmentedControl,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { EXPENSE_CATEGORIES, fromMinor, type ExpenseBody } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { messageKey } from '../../../lib/i18n';
import type { MoneyPerson } from './api';
import {
  paidLeft,
  previewShares,
  toWire,
  type DraftProblem,
  type ExpenseDraft,
  type SplitMode,
} from './draft';
import { currenciesFor } from './currencies';
import { formatMoney } from './format';
import { linkValue, withLink, type LinkChoice } from './links';
import classes from './Costs.module.css';

/** The payer select's choice for "several people". */
const SEVERAL = 'several';

interface ExpenseFormProps {
  initial: ExpenseDraft;
  homeCurrency: string;
  people: readonly MoneyPerson[];
  clientId: string;
  busy: boolean;
  /** Editing an expense (a title of its own and a cancel), else adding one. */
  editing?: boolean;
  /** Saves the body; answers null when done (or kept to send), a problem to show beside its field, or false when it
   * failed otherwise (the toast says why; the form keeps what was typed). */
  onSave: (body: ExpenseBody) => Promise<DraftProblem | null | false>;
  onCancel?: () => void;
  /** The trip's activities and stays the expense can belong to (links.ts). */
  links?: readonly LinkChoice[];
}

/**
 * An expense's form (issue 35): the amount (the phone's decimal keyboard), the category's chips and save; "more" for
 * the payer, the split (equal among the chosen, by shares, exact amounts) and a note. A foreign currency asks for its
 * rate, empty for the reference rate of the day. The split's preview is the contract's ledger, as the server counts.
 */
export default function ExpenseForm({
  initial,
  homeCurrency,
  people,
  clientId,
  busy,
  editing = false,
  onSave,
  onCancel,
  links = [],
}: ExpenseFormProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [more, setMore] = useState(editing);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const set = <K extends keyof ExpenseDraft>(key: K, value: ExpenseDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblem(null);
  };
  const foreign = draft.currency !== homeCurrency;
  const currencies = useMemo(
    () => currenciesFor(homeCurrency, draft.currency),
    [homeCurrency, draft.currency],
  );
  const preview = previewShares(draft);
  const nameOf = (id: number) => people.find((p) => p.userId === id)?.name ?? String(id);
  const errorOf = (field: DraftProblem['field']) =>
    problem?.field === field ? t(messageKey(problem.code)) : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const wire = toWire(draft, homeCurrency, clientId);
    if (!wire.ok) {
      setProblem({ field: wire.field, code: wire.code });
      if (wire.field === 'paid') setMore(true);
      return;
    }
    const sent = draft;
    const refused = await onSave(wire.body);
    if (refused) setProblem(refused);
    // Saved: a fresh form, unless the user typed on meanwhile (then nothing of theirs is lost).
    else if (refused === null && !editing) {
      setMore(false);
      setDraft((d) =>
        d !== sent
          ? d
          : {
              ...initial,
              currency: d.currency,
              date: d.date,
              rate: d.currency === initial.currency ? '' : d.rate,
            },
      );
    }
  };

  const left = paidLeft(draft);
  const zero = fromMinor(0, draft.currency);
  /** One payer, or several (who starts with the whole amount, the others to fill in). */
  const choosePayer = (value: string) => {
    if (value !== SEVERAL) {
      setDraft((d) => ({ ...d, payer: Number(value), paid: null }));
    } else {
      setDraft((d) => ({ ...d, paid: { [d.payer]: d.amount } }));
      setMore(true);
    }
    setProblem(null);
  };

  const toggle = (id: number, on: boolean) =>
    set(
      'among',
      on
        ? people.map((p) => p.userId).filter((p) => p === id || draft.among.includes(p))
        : draft.among.filter((p) => p !== id),
    );

  return (
    <form className={classes.form} onSubmit={(e) => void submit(e)} data-testid="expense-form" noValidate>
      <Text fw={700}>{editing ? t('costs.form.editTitle') : t('costs.form.addTitle')}</Text>
      <div className={classes.amountRow}>
        <TextInput
          label={t('costs.form.amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={draft.amount}
          onChange={(e) => set('amount', e.currentTarget.value)}
          error={errorOf('amount')}
          dir="ltr"
          data-testid="expense-amount"
        />
        <NativeSelect
          label={t('costs.form.currency')}
          data={currencies}
          value={draft.currency}
          onChange={(e) => set('currency', e.currentTarget.value)}
          data-testid="expense-currency"
        />
      </div>
      {foreign && (
        <TextInput
          label={t('costs.form.rate', { from: draft.currency, home: homeCurrency })}
          description={t('costs.form.rateHint', { from: draft.currency, home: homeCurrency })}
          inputMode="decimal"
          autoComplete="off"
          value={draft.rate}
          onChange={(e) => set('rate', e.currentTarget.value)}
          error={errorOf('rate')}
          dir="ltr"
          data-testid="expense-rate"
        />
      )}
      <Chip.Group value={draft.category} onChange={(v) => set('category', v as ExpenseDraft['category'])}>
        <Group gap={6} role="radiogroup" aria-label={t('costs.form.category')}>
          {EXPENSE_CATEGORIES.map((c) => (
            <Chip key={c} value={c} size="sm">
              {t(`costs.category.${c}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {preview && preview.length > 0 && (
        <Text className={classes.preview} data-testid="split-preview">
          {t('costs.form.preview')}{' '}
          {preview
            .map(
              (s) =>
                `\u2068${nameOf(s.userId)}\u2069 ${formatMoney(s.amount, draft.currency, i18n.language)}`,
            )
            .join(' · ')}
        </Text>
      )}
      {errorOf('split') && (
        <Text c="red" size="sm" role="alert">
          {errorOf('split')}
        </Text>
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setMore((m) => !m)}
        aria-expanded={more}
        style={{ alignSelf: 'flex-start' }}
      >
        {more ? t('costs.form.less') : t('costs.form.more')}
      </Button>
      <Collapse expanded={more}>
        <div className={classes.section}>
          <TextInput
            type="date"
            label={t('costs.form.date')}
            value={draft.date}
            onChange={(e) => set('date', e.currentTarget.value)}
          />
          <NativeSelect
            label={t('costs.form.paidBy')}
            data={[
              ...people.map((p) => ({ value: String(p.userId), label: p.name })),
              { value: SEVERAL, label: t('costs.form.several') },
            ]}
            value={draft.paid ? SEVERAL : String(draft.payer)}
            onChange={(e) => choosePayer(e.currentTarget.value)}
            error={draft.paid ? undefined : errorOf('paid')}
            data-testid="expense-payer"
          />
          {draft.paid && (
            <div className={classes.section} data-testid="expense-payers">
              {people.map((p) => (
                <div key={p.userId} className={classes.personLine}>
                  <Text size="sm">{p.name}</Text>
                  <TextInput
                    className={classes.personInput}
                    size="xs"
                    inputMode="decimal"
                    aria-label={t('costs.form.paidOf', { name: p.name })}
                    placeholder="0.00"
                    dir="ltr"
                    value={draft.paid?.[p.userId] ?? ''}
                    onChange={(e) => set('paid', { ...draft.paid, [p.userId]: e.currentTarget.value })}
                  />
                </div>
              ))}
              {left !== null && (
                <Text
                  size="sm"
                  c={errorOf('paid') ? 'red' : left === zero ? 'dimmed' : 'orange'}
                  role={errorOf('paid') ? 'alert' : undefined}
                  data-testid="expense-paid-left"
                >
                  {left === zero
                    ? t('costs.form.paidAddsUp')
                    : left.startsWith('-')
                      ? t('costs.form.paidTooMuch', {
                          amount: formatMoney(left.slice(1), draft.currency, i18n.language),
                        })
                      : t('costs.form.paidLeft', {
                          amount: formatMoney(left, draft.currency, i18n.language),
                        })}
                </Text>
              )}
            </div>
          )}
          <Text size="sm" fw={500}>
            {t('costs.form.split')}
          </Text>
          <SegmentedControl
            fullWidth
            value={draft.mode}
            onChange={(v) => set('mode', v as SplitMode)}
            data={[
              { value: 'equal', label: t('costs.form.equal') },
              { value: 'shares', label: t('costs.form.shares') },
              { value: 'exact', label: t('costs.form.exact') },
            ]}
          />
          {people.map((p) => {
            const on = draft.among.includes(p.userId);
            return (
              <div key={p.userId} className={classes.personLine}>
                <Checkbox
                  label={p.name}
                  checked={on}
                  onChange={(e) => toggle(p.userId, e.currentTarget.checked)}
                />
                {on && draft.mode !== 'equal' && (
                  <TextInput
                    className={classes.personInput}
                    size="xs"
                    inputMode={draft.mode === 'shares' ? 'numeric' : 'decimal'}
                    aria-label={t(draft.mode === 'shares' ? 'costs.form.shareOf' : 'costs.form.amountOf', {
                      name: p.name,
                    })}
                    placeholder={draft.mode === 'shares' ? '1' : '0.00'}
                    dir="ltr"
                    value={(draft.mode === 'shares' ? draft.shares : draft.exact)[p.userId] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      if (draft.mode === 'shares') set('shares', { ...draft.shares, [p.userId]: value });
                      else set('exact', { ...draft.exact, [p.userId]: value });
                    }}
                  />
                )}
              </div>
            );
          })}
          {links.length > 0 && (
            <NativeSelect
              label={t('costs.form.link')}
              data={[{ value: '', label: t('costs.form.linkNone') }, ...links]}
              value={linkValue(draft)}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDraft((d) => withLink(d, value));
              }}
              data-testid="expense-link"
            />
          )}
          <Textarea
            label={t('costs.form.note')}
            autosize
            minRows={1}
            maxLength={500}
            value={draft.note}
            onChange={(e) => set('note', e.currentTarget.value)}
          />
        </div>
      </Collapse>
      <Group gap="xs">
        <Button type="submit" loading={busy} data-testid="expense-save">
          {t('costs.form.save')}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('costs.form.cancel')}
          </Button>
        )}
      </Group>
    </form>
  );
}
