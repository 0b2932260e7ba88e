import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A toast's text with an "undo" button. Pressing it hides the toast and runs `onUndo` once; a second press of a
 * slow undo cannot add the activity twice.
 */
export function UndoMessage({ toastId, text, onUndo }: { toastId: string; text: string; onUndo: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);
  return (
    // The button keeps its whole word; the text takes the rest and wraps (a phone's toast is narrow).
    <Group gap="sm" justify="space-between" wrap="nowrap" preventGrowOverflow={false}>
      <Text size="sm" style={{ flex: 1, minInlineSize: 0 }}>
        {text}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        style={{ flex: 'none' }}
        disabled={used}
        onClick={() => {
          setUsed(true);
          void import('@mantine/notifications').then(({ notifications }) => notifications.hide(toastId));
          void onUndo();
        }}
      >
        {t('tripEditing.undo')}
      </Button>
    </Group>
  );
}
