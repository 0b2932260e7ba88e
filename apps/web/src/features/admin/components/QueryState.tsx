import type { ReactNode } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceDesktopOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { textKey } from '../../../lib/i18n';
import { errorCode } from '../../../lib/api';
import { LoadingIndicator } from '../../../components/LoadingIndicator';

/** A read's loading and error states (002 §4, §8: an error alert with the error's text, in the reader's language). */
export function QueryState({ loading, error, title }: { loading: boolean; error: unknown; title: string }) {
  const { t, i18n } = useTranslation();
  if (loading) return <LoadingIndicator py="xl" />;
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={title} icon={<IconAlertCircle aria-hidden />}>
      {t(textKey(i18n, errorCode(error)))}
    </Alert>
  );
}

/** An empty state: "No Devices Found", "No Analysis Available" (002 §2.3). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl">
      <IconDeviceDesktopOff aria-hidden size={40} color="var(--mantine-color-gray-5)" />
      <Title order={3} size="h4">
        {title}
      </Title>
      {children && <Text c="dimmed">{children}</Text>}
    </Stack>
  );
}
