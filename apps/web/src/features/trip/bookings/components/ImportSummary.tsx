import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { BookingsConfirmResponse } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../../lib/display-date';

/** After "Add to trip": how many bookings were added, updated or already there, and the trip's new days if extended. */
export function ImportSummary({
  result,
  before,
  onMore,
  onClose,
}: {
  result: BookingsConfirmResponse;
  before: { startDate: string; endDate: string };
  onMore: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const count = (outcome: 'added' | 'updated' | 'unchanged') =>
    result.outcomes.filter((o) => o.outcome === outcome).length;
  const lines = (['added', 'updated', 'unchanged'] as const)
    .map((outcome) => [outcome, count(outcome)] as const)
    .filter(([, n]) => n > 0);
  const extended = result.trip.startDate !== before.startDate || result.trip.endDate !== before.endDate;
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        {t('bookings.done.title')}
      </Title>
      <List role="status">
        {lines.map(([outcome, n]) => (
          <List.Item key={outcome}>{t(`bookings.done.${outcome}`, { count: n })}</List.Item>
        ))}
      </List>
      {extended && (
        <Text size="sm">
          {t('bookings.done.extended', {
            start: toDisplayDate(result.trip.startDate),
            end: toDisplayDate(result.trip.endDate),
          })}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onMore}>
          {t('bookings.done.more')}
        </Button>
        <Button onClick={onClose} data-autofocus>
          {t('bookings.done.close')}
        </Button>
      </Group>
    </Stack>
  );
}
