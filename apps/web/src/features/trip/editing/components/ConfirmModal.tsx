import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';

interface ConfirmModalProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  danger?: boolean;
}

/** A yes/no question (remove an activity, the forced day changes): the confirm button shows the call's progress. */
export function ConfirmModal({ title, children, confirmLabel, onConfirm, onClose, busy = false, danger = false }: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened onClose={onClose} title={title}>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('tripEditing.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
