import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BudgetAnswer } from './api';
import { formatMoney } from './format';
import classes from './Costs.module.css';

/**
 * The trip's totals in its home currency (issue 35): the whole, a bar per category (plain CSS bars, against the
 * largest spent or limit), each limit with what is left, and each person's paid, share and balance.
 */
export default function Summary({ budget }: { budget: BudgetAnswer }) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, budget.homeCurrency, i18n.language);
  const categories = budget.byCategory.filter((c) => Number(c.spent) > 0 || c.limit !== null);
  const scale = Math.max(1, ...categories.map((c) => Math.max(Number(c.spent), Number(c.limit ?? 0))));
  return (
    <>
      <section className={classes.section} aria-labelledby="costs-total">
        <Title order={3} fz="md" id="costs-total">
          {t('costs.summary.title')}
        </Title>
        <Text className={classes.total} data-testid="costs-total">
          {money(budget.total)}
        </Text>
        {budget.quote && (
          <dl className={classes.quote} data-testid="costs-quote">
            <dt>{t('costs.summary.quoted')}</dt>
            <dd>{money(budget.quote.amount)}</dd>
            <dt>{t('costs.summary.costs')}</dt>
            <dd>{money(budget.quote.costs)}</dd>
            <dt>{t('costs.summary.margin')}</dt>
            <dd className={Number(budget.quote.margin) < 0 ? classes.negative : classes.positive}>
              {money(budget.quote.margin)}
            </dd>
          </dl>
        )}
        {budget.quote && budget.mayQuote && (
          <Text size="xs" c="dimmed">
            {t(budget.quote.shared ? 'costs.summary.quoteShared' : 'costs.summary.quotePrivate')}
          </Text>
        )}
        {budget.ratesToConfirm > 0 && (
          <Text size="sm" c="orange">
            {t('costs.summary.ratesToConfirm', { count: budget.ratesToConfirm })}
          </Text>
        )}
        {categories.length > 0 && (
          <ul className={classes.bars} aria-label={t('costs.summary.byCategory')}>
            {categories.map((c) => {
              const spent = Number(c.spent);
              const over = c.left !== null && Number(c.left) < 0;
              return (
                <li key={c.category} className={classes.barRow} data-testid={`category-${c.category}`}>
                  <span>{t(`costs.category.${c.category}`)}</span>
                  <span className={classes.barTrack} aria-hidden>
                    <span
                      className={`${classes.barFill} ${over ? classes.barOver : ''}`}
                      style={{ display: 'block', inlineSize: `${Math.round((spent / scale) * 100)}%` }}
                    />
                  </span>
                  <span className={classes.amount}>{money(c.spent)}</span>
                  {c.limit !== null && c.left !== null && (
                    <span className={classes.left}>
                      {over
                        ? t('costs.summary.over', {
                            amount: money(String(-Number(c.left))),
                            limit: money(c.limit),
                          })
                        : t('costs.summary.left', { amount: money(c.left), limit: money(c.limit) })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {budget.people.length > 0 && (
        <section className={classes.section} aria-labelledby="costs-people">
          <Title order={3} fz="md" id="costs-people">
            {t('costs.people.title')}
          </Title>
          <table className={classes.people} data-testid="costs-people">
            <thead>
              <tr>
                <th scope="col">{t('costs.people.name')}</th>
                <th scope="col" className={classes.num}>
                  {t('costs.people.paid')}
                </th>
                <th scope="col" className={classes.num}>
                  {t('costs.people.share')}
                </th>
                <th scope="col" className={classes.num}>
                  {t('costs.people.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {budget.people.map((p) => {
                const balance = Number(p.balance);
                return (
                  <tr key={p.userId} data-testid="costs-person">
                    <th scope="row">{p.name}</th>
                    <td className={classes.num}>{money(p.paid)}</td>
                    <td className={classes.num}>{money(p.share)}</td>
                    <td
                      className={`${classes.num} ${balance > 0 ? classes.positive : balance < 0 ? classes.negative : ''}`}
                    >
                      {money(p.balance)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
