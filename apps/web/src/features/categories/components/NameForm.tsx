import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { useWrite } from '../../../lib/use-write';

interface NameFormProps {
  label: string;
  initial?: string;
  submitLabel: string;
  /** Saves the trimmed name (the form tells the outcome: 002 §2.6's toasts, a refusal's code under the box). */
  onSave(name: string): Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * One name box with its button (a category's or a subcategory's, new or renamed): "Name is required" when empty or
 * only spaces (001 §8), the server's refusal under the box; the typed name stays until it is saved.
 */
export function NameForm({ label, initial = '', submitLabel, onSave, onCancel, autoFocus }: NameFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useWrite();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('categories.nameRequired'));
      return;
    }
    setError(null);
    const saved = await run(() => onSave(trimmed).then(() => true), {
      success: t('categories.savedToast'),
      failure: t('categories.saveFailed'),
      // A refusal with a code of its own shows under the box too; the toast says "Failed to save".
      onError: (err) => {
        setError(err instanceof ApiError && err.code !== 'api_call_failed' ? t(messageKey(err.code)) : null);
        return false;
      },
    });
    if (saved && !initial) setName('');
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput
          label={label}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          required
          autoFocus={autoFocus}
          style={{ flex: '1 1 12rem' }}
          autoComplete="off"
        />
        <Group gap="xs" mt={25} wrap="nowrap">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('categories.cancel')}
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
