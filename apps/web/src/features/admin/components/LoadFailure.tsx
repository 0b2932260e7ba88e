import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { textKey, type TextKey } from '../../../lib/i18n';
import { failureKey } from '../lib/planner-usage-rules';

/**
 * A failed read of the billing or usage screens (002 §4, §8): the server's message when it has one, else the screen's
 * fallback ("Failed to load billing data"...), and "Try Again", which reads again. `warning` is the PDF history's
 * box inside the details (002 §8).
 */
export function LoadFailure({
  error,
  fallbackKey,
  onRetry,
  warning = false,
}: {
  error: unknown;
  fallbackKey: TextKey;
  onRetry: () => void;
  warning?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      color={warning ? 'yellow' : 'red'}
      role="alert"
      icon={<IconAlertCircle aria-hidden />}
      title={t(fallbackKey)}
    >
      {failureKey(error, fallbackKey) !== fallbackKey && (
        <p>{t(textKey(i18n, failureKey(error, fallbackKey)))}</p>
      )}
      <Button
        mt="xs"
        size="compact-sm"
        variant="light"
        color={warning ? 'yellow' : 'red'}
        leftSection={<IconRefresh aria-hidden size={14} />}
        onClick={onRetry}
      >
        {t('admin.usage.tryAgain')}
      </Button>
    </Alert>
  );
}
