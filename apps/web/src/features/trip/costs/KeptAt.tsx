import { Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toDisplayMoment } from '../../../lib/display-date';

/** "As of 29/11/2031 09:30, offline": the costs shown are the ones this device kept when it last read them (kept.ts). */
export default function KeptAt({ at }: { at: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" role="status" data-testid="costs-kept-at">
      <IconWifiOff size={16} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm" c="dimmed">
        {t('costs.keptAt', { date: `\u2068${toDisplayMoment(at, { time: true }) ?? ''}\u2069` })}
      </Text>
    </Group>
  );
}
