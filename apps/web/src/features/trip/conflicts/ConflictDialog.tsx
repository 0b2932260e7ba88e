import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { toDisplayDate } from '../../../lib/display-date';
import type { ConflictChoice, TripConflict } from '../../../lib/trip-version';
import { describeChanges, type ChangeLine } from './describe-changes';

interface ConflictDialogProps {
  conflict: TripConflict;
  onChoose: (choice: ConflictChoice) => void;
}

/**
 * "The trip changed meanwhile" (issue 33 point 3, decision 0065): the user's edit was refused because someone changed
 * the same part of the trip since the page read it. Says what changed and by whom (kinds and days in words), behind
 * it the page already shows the trip as it is now; "Apply my change again" sends the same call on that version,
 * "Drop my change" keeps theirs. Closing the dialog drops nothing silently: it is the same as "Drop my change", said
 * on the button the focus starts on.
 */
export default function ConflictDialog({ conflict, onChoose }: ConflictDialogProps) {
  const { t } = useTranslation();
  const lines = describeChanges(conflict.changes);

  const whatOf = (line: ChangeLine) => {
    const fields = line.fields.map((f) => t(`conflicts.fields.${f}`)).join(', ');
    const what = line.what === 'fields' ? fields : t(`conflicts.what.${line.what}`);
    const days = line.days.map((d) => toDisplayDate(d) ?? d).join(', ');
    return days ? t('conflicts.onDays', { what, days }) : what;
  };

  return (
    <AppModal
      opened
      onClose={() => onChoose('drop')}
      title={t('conflicts.title')}
      data-testid="trip-conflict"
    >
      <Stack gap="md">
        <Text size="sm">{t('conflicts.intro')}</Text>
        {lines.length > 0 && (
          <List size="sm" spacing={4} aria-label={t('conflicts.listLabel')}>
            {lines.map((line, i) => (
              <List.Item key={i}>
                {t('conflicts.line', { who: line.who ?? t('conflicts.someone'), what: whatOf(line) })}
                {line.count > 1 ? ` ${t('conflicts.times', { count: line.count })}` : ''}
              </List.Item>
            ))}
          </List>
        )}
        <Text size="sm" c="dimmed">
          {t('conflicts.choose')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onChoose('drop')} data-autofocus>
            {t('conflicts.drop')}
          </Button>
          <Button onClick={() => onChoose('again')}>{t('conflicts.again')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
