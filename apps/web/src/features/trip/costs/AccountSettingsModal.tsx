import { useMemo, useState } from 'react';
import { Button, Group, Loader, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  currencyExponent,
  DAY_LIMIT_HOURS_MAX,
  DAY_LIMIT_HOURS_MIN,
  DEFAULT_DAY_LIMIT_HOURS,
} from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { FormAlert } from '../../../components/FormAlert';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import type { AppModalProps } from '../../../lib/modal-controller';
import { useWrite } from '../../../lib/use-write';
import { isChecksKey } from '../checks/api';
import { costsKeys } from './api';
import { accountSettingsQuery, putAccountSettings } from './account-api';
import { currenciesFor } from './currencies';
import { dayLimitText, readDayLimit } from './day-limit';

/**
 * The signed-in user's own settings: the home currency their trips count costs in unless a trip chooses its own (issue
 * 35, rule 88; "automatic" is none: ₪ for a trip in Hebrew, else US dollars), and the longest day they plan, which the
 * trip's checks warn of a longer day against (issue 36 point 3, rule 107; empty is none: 12 hours). Opened from the
 * account's name in the header and from the phone's menu; loaded the first time it opens, with the costs' texts.
 */
export default function AccountSettingsModal({ opened, onClose }: AppModalProps) {
  const { t, i18n } = useTranslation();
  const settings = useQuery(accountSettingsQuery());
  const { run, busy } = useWrite();
  const [choice, setChoice] = useState<string | null>(null);
  const [typedLimit, setTypedLimit] = useState<string | null>(null);
  const [limitError, setLimitError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const current = choice ?? settings.data?.homeCurrency ?? '';
  const limitValue = typedLimit ?? dayLimitText(settings.data?.dayLimitHours);

  const options = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language === 'he' ? 'he' : 'en'], { type: 'currency' });
    } catch {
      names = null;
    }
    const codes = currenciesFor(...(current ? [current] : [])).filter((c) => currencyExponent(c) !== null);
    return [
      { value: '', label: t('costs.account.automatic') },
      ...codes.map((code) => ({ value: code, label: `${code} · ${names?.of(code) ?? code}` })),
    ];
  }, [current, i18n.language, t]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const limit = readDayLimit(limitValue);
    if (!limit.ok) {
      setLimitError(limit.code);
      return;
    }
    setLimitError(null);
    const done = await run(
      () => putAccountSettings({ homeCurrency: current || null, dayLimitHours: limit.hours }),
      {
        // The trips without a home currency of their own now count in this one; every trip's warnings are read again
        // against the day's new limit.
        invalidate: (qc) =>
          Promise.all([
            qc.invalidateQueries({ queryKey: accountSettingsQuery().queryKey }),
            qc.invalidateQueries({ queryKey: costsKeys.every }),
            qc.invalidateQueries({ predicate: (query) => isChecksKey(query.queryKey) }),
          ]),
        success: t('costs.account.saved'),
        onError: (error) => {
          setFailure(errorCode(error));
          return true;
        },
      },
    );
    if (done) onClose();
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={t('costs.account.title')}>
      {settings.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : (
        <form onSubmit={(e) => void save(e)} noValidate data-testid="account-settings">
          <Stack gap="md">
            <FormAlert code={failure ?? (settings.error ? errorCode(settings.error) : null)} />
            <NativeSelect
              label={t('costs.account.homeCurrency')}
              description={t('costs.account.homeCurrencyHint')}
              data={options}
              value={current}
              onChange={(e) => setChoice(e.currentTarget.value)}
              data-autofocus
            />
            {/* Text with the phone's number keys (as the budget's amounts): a number field would empty itself on
                what it cannot read, and empty is a choice here (the default). */}
            <TextInput
              inputMode="numeric"
              autoComplete="off"
              label={t('costs.account.dayLimit')}
              description={t('costs.account.dayLimitHint', {
                min: DAY_LIMIT_HOURS_MIN,
                max: DAY_LIMIT_HOURS_MAX,
                hours: DEFAULT_DAY_LIMIT_HOURS,
              })}
              placeholder={String(DEFAULT_DAY_LIMIT_HOURS)}
              value={limitValue}
              onChange={(e) => {
                setTypedLimit(e.currentTarget.value);
                setLimitError(null);
              }}
              error={limitError ? t(messageKey(limitError)) : undefined}
              data-testid="account-day-limit"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('costs.account.cancel')}
              </Button>
              <Button type="submit" loading={busy} disabled={!settings.data}>
                {t('costs.account.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
