import { Badge, Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { DeviceAnalysis, SuspiciousUser } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { deviceAnalysisQuery } from '../api/device-management';
import {
  activityPercent,
  activityTone,
  deviceStatus,
  recommendations,
  STATUS_TONES,
  TONE_COLORS,
} from '../lib/device-rules';
import { DataTable, type Column } from './DataTable';
import { LoginsChart } from './LoginsChart';
import { EmptyState, QueryState } from './QueryState';
import { RelativeDate } from './RelativeDate';
import { RiskBadge, useReasonText } from './RiskBadge';
import { StatCard } from './StatCard';
import classes from './DeviceManagement.module.css';

/** The user's device analysis over 30 days (002 §2.3, an extra large modal). */
export function AnalysisModal({ user, onClose }: { user: SuspiciousUser; onClose: () => void }) {
  const { t } = useTranslation();
  const read = useQuery(deviceAnalysisQuery(user.user_id));
  const analysis = read.data?.analysis;
  return (
    <AppModal opened onClose={onClose} size="xl" title={t('admin.analysis.title', { name: user.username })}>
      <QueryState loading={read.isPending} error={read.error} title={t('admin.analysis.error')} />
      {read.isSuccess && (!analysis || analysis.devices.length === 0) && (
        <EmptyState title={t('admin.analysis.emptyTitle')}>{t('admin.analysis.emptyText')}</EmptyState>
      )}
      {analysis && analysis.devices.length > 0 && <Analysis analysis={analysis} />}
    </AppModal>
  );
}

function Analysis({ analysis }: { analysis: DeviceAnalysis }) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const now = new Date();
  const busiest = Math.max(0, ...analysis.devices.map((d) => d.login_count));
  const recentlyUsed = analysis.devices.filter((d) => deviceStatus(d.last_login, now) !== 'inactive').length;
  const deviceColumns: Column<{ device: DeviceAnalysis['devices'][number]; number: number }>[] = [
    {
      header: t('admin.analysis.device'),
      cell: ({ device, number }) => device.device_name || t('admin.devices.deviceNumber', { number }),
    },
    {
      header: t('admin.analysis.firstLogin'),
      cell: ({ device }) => <RelativeDate value={device.first_login} now={now} />,
    },
    {
      header: t('admin.analysis.lastLogin'),
      cell: ({ device }) => <RelativeDate value={device.last_login} now={now} />,
    },
    { header: t('admin.analysis.loginCount'), cell: ({ device }) => device.login_count },
    {
      header: t('admin.analysis.status'),
      cell: ({ device }) => {
        const status = deviceStatus(device.last_login, now);
        return (
          <Badge color={TONE_COLORS[STATUS_TONES[status]]} variant="light">
            {t(`admin.status.${status}`)}
          </Badge>
        );
      },
    },
    {
      header: t('admin.analysis.activity'),
      cell: ({ device }) => {
        const percent = activityPercent(device.login_count, busiest);
        return (
          <Group gap="xs" wrap="nowrap">
            <Progress
              className={classes.countBar}
              value={percent}
              color={TONE_COLORS[activityTone(percent)]}
              aria-label={t('admin.devices.activity', { percent })}
            />
            <Text size="sm">{percent}%</Text>
          </Group>
        );
      },
    },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Paper withBorder radius="md" p="sm" data-testid="risk-assessment">
          <Text size="xs" c="dimmed" fw={600}>
            {t('admin.analysis.riskAssessment')}
          </Text>
          <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
            <RiskBadge level={analysis.risk_level} size="lg" />
            <Text size="sm">{reasonText(analysis.reason)}</Text>
          </Group>
        </Paper>
        <StatCard label={t('admin.analysis.period')}>
          {t('admin.analysis.periodDays', { count: analysis.days_back })}
        </StatCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard label={t('admin.analysis.totalDevices')}>{analysis.device_count}</StatCard>
        <StatCard label={t('admin.analysis.totalLogins')}>{analysis.total_logins}</StatCard>
        <StatCard label={t('admin.analysis.avgPerDevice')}>
          {analysis.avg_logins_per_device.toLocaleString(undefined, { maximumFractionDigits: 1 })}
        </StatCard>
        <StatCard label={t('admin.analysis.activeDevices')}>{recentlyUsed}</StatCard>
      </SimpleGrid>
      <section>
        <Title order={3} size="h5" mb="xs">
          {t('admin.analysis.chartTitle')}
        </Title>
        <LoginsChart analysis={analysis} now={now} />
      </section>
      <section>
        <Title order={3} size="h5" mb="xs">
          {t('admin.analysis.details')}
        </Title>
        <DataTable
          columns={deviceColumns}
          rows={analysis.devices.map((device, i) => ({ device, number: i + 1 }))}
          rowKey={(r) => r.device.id}
          minWidth={640}
          verticalSpacing="xs"
        />
      </section>
      <section>
        <Title order={3} size="h5" mb="xs">
          {t('admin.analysis.recommendations')}
        </Title>
        <List
          spacing="xs"
          icon={<IconShieldCheck aria-hidden size={18} color="var(--mantine-color-blue-6)" />}
        >
          {recommendations(analysis).map((key) => (
            <List.Item key={key} data-testid={`recommendation-${key}`}>
              {t(`admin.analysis.rec.${key}`)}
            </List.Item>
          ))}
        </List>
      </section>
    </Stack>
  );
}
