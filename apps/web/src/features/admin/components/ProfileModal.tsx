import { Avatar, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconDevices, IconMail } from '@tabler/icons-react';
import type { SuspiciousUser } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import {
  deviceCountPercent,
  deviceCountTone,
  initials,
  mailDraft,
  riskTone,
  TONE_COLORS,
} from '../lib/device-rules';
import { RiskBadge, useReasonText } from './RiskBadge';
import { StatCard } from './StatCard';
import classes from './DeviceManagement.module.css';

/**
 * A suspicious user's profile (002 §2.3, a large modal): who, the basic facts, the device figures with the usage
 * intensity bar (devices over 10, as the table's bar), and the quick actions: the devices or the analysis (this
 * modal closes and that one opens, 002 §4) and a mail draft to the user about the unusual activity.
 */
export function ProfileModal({
  user,
  onClose,
  onOpen,
}: {
  user: SuspiciousUser;
  onClose: () => void;
  onOpen: (modal: 'devices' | 'analysis') => void;
}) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const average = user.device_count > 0 ? user.total_logins / user.device_count : 0;
  const tone = deviceCountTone(user.device_count);
  const draft = user.email
    ? mailDraft(
        user.email,
        t('admin.profile.mailSubject'),
        t('admin.profile.mailBody', { name: user.username, count: user.device_count }),
      )
    : null;
  return (
    <AppModal opened onClose={onClose} size="lg" title={t('admin.profile.title')}>
      <Stack gap="md">
        <Group wrap="nowrap" align="center">
          <Avatar size="lg" radius="xl" color={TONE_COLORS[riskTone(user.risk_level)]} aria-hidden>
            {initials(user.username)}
          </Avatar>
          <div className={classes.shrink}>
            <Title order={3} size="h4" className={classes.breakable}>
              {user.username}
            </Title>
            <Text c="dimmed" size="sm" className={classes.breakable}>
              {user.email ?? t('admin.dates.missing')}
            </Text>
            <Group gap="xs" mt={4}>
              <RiskBadge level={user.risk_level} />
              <Text size="sm">{t('admin.profile.devicesCount', { count: user.device_count })}</Text>
            </Group>
          </div>
        </Group>

        <Paper withBorder radius="md" p="md">
          <Title order={4} size="h5" mb="xs">
            {t('admin.profile.basicInfo')}
          </Title>
          <dl className={classes.facts}>
            <dt>{t('admin.profile.userId')}</dt>
            <dd>{user.user_id}</dd>
            <dt>{t('admin.profile.username')}</dt>
            <dd className={classes.breakable}>{user.username}</dd>
            <dt>{t('admin.profile.email')}</dt>
            <dd className={classes.breakable}>{user.email ?? t('admin.dates.missing')}</dd>
            <dt>{t('admin.profile.riskLevel')}</dt>
            <dd>
              <RiskBadge level={user.risk_level} size="sm" />
            </dd>
            <dt>{t('admin.profile.reason')}</dt>
            <dd>{reasonText(user.reason)}</dd>
          </dl>
        </Paper>

        <section>
          <Title order={4} size="h5" mb="xs">
            {t('admin.profile.deviceStats')}
          </Title>
          <SimpleGrid cols={3} spacing="xs">
            <StatCard label={t('admin.profile.totalDevices')}>{user.device_count}</StatCard>
            <StatCard label={t('admin.profile.totalLogins')}>{user.total_logins}</StatCard>
            <StatCard label={t('admin.profile.avgPerDevice')}>
              {average.toLocaleString(undefined, { maximumFractionDigits: 1 })}
            </StatCard>
          </SimpleGrid>
          <Text size="sm" fw={600} mt="sm" id={`intensity-${user.user_id}`}>
            {t('admin.profile.usageIntensity')}
          </Text>
          <Progress
            value={deviceCountPercent(user.device_count)}
            color={TONE_COLORS[tone]}
            size="lg"
            aria-labelledby={`intensity-${user.user_id}`}
          />
        </section>

        <section>
          <Title order={4} size="h5" mb="xs">
            {t('admin.profile.quickActions')}
          </Title>
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconDevices aria-hidden size={16} />}
              onClick={() => onOpen('devices')}
            >
              {t('admin.table.viewDevices')}
            </Button>
            <Button
              variant="light"
              color="grape"
              leftSection={<IconChartBar aria-hidden size={16} />}
              onClick={() => onOpen('analysis')}
            >
              {t('admin.table.viewAnalysis')}
            </Button>
            {draft ? (
              <Button
                component="a"
                href={draft}
                color="gray"
                variant="light"
                leftSection={<IconMail aria-hidden size={16} />}
              >
                {t('admin.profile.contact')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('admin.profile.noEmail')}
              </Text>
            )}
          </Group>
        </section>
      </Stack>
    </AppModal>
  );
}
