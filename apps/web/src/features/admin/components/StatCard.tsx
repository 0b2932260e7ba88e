import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';

/** One figure of a modal's summary row: a label over a large value. */
export function StatCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} component="div">
        {children}
      </Text>
    </Paper>
  );
}
