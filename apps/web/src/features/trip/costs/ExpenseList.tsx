import { ActionIcon, Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ExpenseBody, ExpenseWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/download';
import { useWrite } from '../../../lib/use-write';
import { costsKeys, deleteExpense, expensesCsvUrl, type MoneyPerson } from './api';
import RateToConfirm from './RateToConfirm';
import { formatMoney } from './format';
import classes from './Costs.module.css';

interface ExpenseListProps {
  rideId: number;
  expenses: readonly ExpenseWire[];
  /** Kept on the phone, not sent yet. */
  waiting: readonly ExpenseBody[];
  people: readonly MoneyPerson[];
  mayWrite: boolean;
  onEdit: (expense: ExpenseWire) => void;
}

/** The trip's expenses, newest day first, with those waiting to be sent on top (issue 35). */
export default function ExpenseList({
  rideId,
  expenses,
  waiting,
  people,
  mayWrite,
  onEdit,
}: ExpenseListProps) {
  const { t, i18n } = useTranslation();
  const { run, busy } = useWrite();
  const nameOf = (id: number | undefined) => people.find((p) => p.userId === id)?.name ?? '';
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'he' ? 'he-IL' : 'en-GB', {
      day: 'numeric',
      month: 'short',
    }).format(new Date(`${iso}T12:00:00Z`));
  const sorted = [...expenses].sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
  return (
    <section className={`${classes.section}`} aria-labelledby="costs-expenses">
      <div className={classes.headRow}>
        <Title order={3} fz="md" id="costs-expenses">
          {t('costs.list.title')}
        </Title>
        {expenses.length > 0 && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() =>
              void run(() =>
                downloadFile(expensesCsvUrl(rideId), { fallbackName: `trip-${rideId}-expenses.csv` }),
              )
            }
            data-testid="expenses-csv"
          >
            {t('costs.list.csv')}
          </Button>
        )}
      </div>
      {expenses.length === 0 && waiting.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('costs.list.empty')}
        </Text>
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {waiting.map((e) => (
          <li key={e.clientId} className={classes.expense} data-testid="expense-waiting">
            <div className={classes.expenseMain}>
              <Text size="sm" fw={500}>
                {e.note || t(`costs.category.${e.category}`)}
              </Text>
              <Badge color="yellow" variant="light" size="sm">
                {t('costs.list.waiting')}
              </Badge>
            </div>
            <Text className={classes.amount}>{formatMoney(e.amount, e.currency, i18n.language)}</Text>
          </li>
        ))}
        {sorted.map((e) => {
          const label = e.note || t(`costs.category.${e.category}`);
          return (
            <li key={e.id} className={classes.expense} data-testid="expense">
              <div className={classes.expenseMain}>
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    date(e.date),
                    e.note ? t(`costs.category.${e.category}`) : null,
                    t('costs.list.paidBy', {
                      payer: e.paidBy.map((p) => `\u2068${nameOf(p.userId)}\u2069`).join(', '),
                    }),
                    e.rateToConfirm && !mayWrite ? t('costs.list.rateToConfirm') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <div style={{ textAlign: 'end' }}>
                <Text className={classes.amount}>{formatMoney(e.amount, e.currency, i18n.language)}</Text>
                {e.currency !== e.homeCurrency && (
                  <Text size="xs" c="dimmed" className={classes.amount}>
                    {formatMoney(e.homeAmount, e.homeCurrency, i18n.language)}
                  </Text>
                )}
              </div>
              {mayWrite && (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('costs.list.edit')}: ${label}`}
                    onClick={() => onEdit(e)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    aria-label={`${t('costs.list.delete')}: ${label}`}
                    onClick={() =>
                      void run(() => deleteExpense(rideId, e.id), {
                        invalidate: (qc) => qc.invalidateQueries({ queryKey: costsKeys.all(rideId) }),
                        success: t('costs.list.deleted'),
                      })
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
              {mayWrite && e.rateToConfirm && <RateToConfirm rideId={rideId} expense={e} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
