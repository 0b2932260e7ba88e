import { useMemo, useState } from 'react';
import { Button, Group, Loader, NativeSelect, Stack } from '@mantine/core';
import { currencyExponent } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { FormAlert } from '../../../components/FormAlert';
import { errorCode } from '../../../lib/api';
import type { AppModalProps } from '../../../lib/modal-controller';
import { useWrite } from '../../../lib/use-write';
import { costsKeys } from './api';
import { accountSettingsQuery, putAccountSettings } from './account-api';
import { currenciesFor } from './currencies';

/**
 * The signed-in user's own settings (issue 35): the home currency their trips count costs in unless a trip chooses its
 * own (rule 88); "automatic" is none (₪ for a trip in Hebrew, else US dollars). Opened from the account's name in the
 * header and from the phone's menu; loaded the first time it opens, with the costs' texts.
 */
export default function AccountSettingsModal({ opened, onClose }: AppModalProps) {
  const { t, i18n } = useTranslation();
  const settings = useQuery(accountSettingsQuery());
  const { run, busy } = useWrite();
  const [choice, setChoice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const current = choice ?? settings.data?.homeCurrency ?? '';

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
    const done = await run(() => putAccountSettings(current || null), {
      // The trips without a home currency of their own now count in this one.
      invalidate: (qc) =>
        Promise.all([
          qc.invalidateQueries({ queryKey: accountSettingsQuery().queryKey }),
          qc.invalidateQueries({ queryKey: costsKeys.every }),
        ]),
      success: t('costs.account.saved'),
      onError: (error) => {
        setFailure(errorCode(error));
        return true;
      },
    });
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
