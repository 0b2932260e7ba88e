import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';

/** A failed read: the server's (or the network's) message and a retry. */
export function LoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t('search.errorTitle')}
      role="alert"
    >
      <Text mb="sm">{t(messageKey(errorCode(error)))}</Text>
      <Button
        variant="default"
        leftSection={<IconRefresh aria-hidden size={16} />}
        onClick={onRetry}
        loading={retrying}
      >
        {t('search.retry')}
      </Button>
    </Alert>
  );
}
