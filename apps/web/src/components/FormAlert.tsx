import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../lib/i18n';

interface FormAlertProps {
  /** A ServerMassageCode or client code; unknown codes show the generic message. */
  code: string | null | undefined;
  tone?: 'error' | 'success';
  children?: ReactNode;
}

/** A message for the whole form (not one field), read out by screen readers when it appears. */
export function FormAlert({ code, tone = 'error', children }: FormAlertProps) {
  const { t } = useTranslation();
  if (!code) return null;
  const Icon = tone === 'error' ? IconAlertCircle : IconCircleCheck;
  return (
    <Alert
      role={tone === 'error' ? 'alert' : 'status'}
      color={tone === 'error' ? 'red' : 'brand'}
      variant="light"
      icon={<Icon aria-hidden size={20} />}
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
    >
      {t(messageKey(code))}
      {children}
    </Alert>
  );
}
