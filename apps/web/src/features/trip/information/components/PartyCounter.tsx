import { ActionIcon } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './TripInformation.module.css';

interface PartyCounterProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
}

/** One age group of the party (001 §2): a count with minus and plus; never below 0. */
export function PartyCounter({ label, value, onChange }: PartyCounterProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={classes.counter} role="group" aria-labelledby={id}>
      <span id={id} className={classes.counterLabel}>
        {label}
      </span>
      <div className={classes.counterControls}>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={t('rideInformation.fewer', { group: label })}
          disabled={value <= 0}
          onClick={() => onChange(Math.max(0, value - 1))}
        >
          <IconMinus aria-hidden size={16} />
        </ActionIcon>
        <output className={classes.counterValue} aria-live="polite" aria-label={`${label}: ${value}`}>
          {value}
        </output>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={t('rideInformation.more', { group: label })}
          disabled={value >= 99}
          onClick={() => onChange(value + 1)}
        >
          <IconPlus aria-hidden size={16} />
        </ActionIcon>
      </div>
    </div>
  );
}
