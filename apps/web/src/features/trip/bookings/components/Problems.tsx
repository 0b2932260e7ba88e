import { Alert } from '@mantine/core';
import type { BookingProblem } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../../lib/i18n';
import classes from './Bookings.module.css';

/** What could not be read, by file (the pasted text when none), each with its code's words. */
export function Problems({ problems }: { problems: BookingProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={t('bookings.import.problemsTitle')}>
      <ul className={classes.problems} aria-label={t('bookings.import.problemsTitle')}>
        {problems.map((p, i) => (
          <li key={`${p.file ?? ''}-${p.code}-${i}`}>
            <bdi className={classes.file}>{p.file ?? t('bookings.import.pastedText')}</bdi>: {t(messageKey(p.code))}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
