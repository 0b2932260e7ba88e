import { Badge, Code, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import type { SuspiciousUser, UserDevice } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { userDevicesQuery } from '../api/device-management';
import {
  activityPercent,
  activityTone,
  daysActive,
  deviceStatus,
  loginCountTone,
  STATUS_TONES,
  TONE_COLORS,
} from '../lib/device-rules';
import { EmptyState, QueryState } from './QueryState';
import { RelativeDate } from './RelativeDate';
import { StatCard } from './StatCard';
import classes from './DeviceManagement.module.css';

/** The latest of the devices' last sign-ins, or null. */
const latest = (devices: UserDevice[]): string | null =>
  devices.reduce<string | null>(
    (best, d) => (best === null || Date.parse(d.last_login) > Date.parse(best) ? d.last_login : best),
    null,
  );

/** The user's devices (002 §2.3, a large modal): the totals, then a card per device. */
export function DevicesModal({ user, onClose }: { user: SuspiciousUser; onClose: () => void }) {
  const { t } = useTranslation();
  const read = useQuery(userDevicesQuery(user.user_id));
  const devices = read.data?.devices ?? [];
  const now = new Date();
  const busiest = Math.max(0, ...devices.map((d) => d.login_count));
  return (
    <AppModal opened onClose={onClose} size="lg" title={t('admin.devices.title', { name: user.username })}>
      <QueryState loading={read.isPending} error={read.error} title={t('admin.devices.error')} />
      {read.isSuccess && devices.length === 0 && (
        <EmptyState title={t('admin.devices.emptyTitle')}>{t('admin.devices.emptyText')}</EmptyState>
      )}
      {devices.length > 0 && (
        <Stack gap="md">
          <SimpleGrid cols={3} spacing="xs">
            <StatCard label={t('admin.devices.totalDevices')}>{devices.length}</StatCard>
            <StatCard label={t('admin.devices.totalLogins')}>
              {devices.reduce((sum, d) => sum + d.login_count, 0)}
            </StatCard>
            <StatCard label={t('admin.devices.lastLogin')}>
              <RelativeDate value={latest(devices)} now={now} />
            </StatCard>
          </SimpleGrid>
          <ul className={classes.cards}>
            {devices.map((device, index) => (
              <li key={device.id}>
                <DeviceCard device={device} ordinal={index + 1} busiest={busiest} now={now} />
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </AppModal>
  );
}

function DeviceCard({
  device,
  ordinal,
  busiest,
  now,
}: {
  device: UserDevice;
  ordinal: number;
  busiest: number;
  now: Date;
}) {
  const { t } = useTranslation();
  const status = deviceStatus(device.last_login, now);
  const percent = activityPercent(device.login_count, busiest);
  return (
    <Paper withBorder radius="md" p="md" data-testid="device-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" className={classes.shrink}>
          <IconDeviceDesktop aria-hidden size={22} />
          <div className={classes.shrink}>
            <Title order={3} size="h5" className={classes.breakable}>
              {device.device_name || t('admin.devices.unnamed')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('admin.devices.deviceNumber', { number: ordinal })}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Badge color={TONE_COLORS[STATUS_TONES[status]]} variant="light">
            {t(`admin.status.${status}`)}
          </Badge>
          <Badge color={TONE_COLORS[loginCountTone(device.login_count)]}>
            {t('admin.devices.logins', { count: device.login_count })}
          </Badge>
        </Group>
      </Group>
      <dl className={classes.facts}>
        <dt>{t('admin.devices.fingerprint')}</dt>
        <dd>
          {/* Machine text reads left to right inside a right-to-left page (else "(X11; Linux" reorders). */}
          <Code className={classes.breakable} dir="ltr">
            {device.fingerprint}
          </Code>
        </dd>
        <dt>{t('admin.devices.firstLogin')}</dt>
        <dd>
          <RelativeDate value={device.first_login} now={now} />
        </dd>
        <dt>{t('admin.devices.lastLogin')}</dt>
        <dd>
          <RelativeDate value={device.last_login} now={now} />
        </dd>
        <dt>{t('admin.devices.userAgent')}</dt>
        <dd className={classes.breakable} dir={device.user_agent ? 'ltr' : undefined}>
          {device.user_agent || t('admin.dates.missing')}
        </dd>
      </dl>
      <Progress
        value={percent}
        color={TONE_COLORS[activityTone(percent)]}
        aria-label={t('admin.devices.activity', { percent })}
        mt="sm"
      />
      <Text size="sm" c="dimmed" mt={4}>
        {t('admin.devices.loginsOverDays', {
          count: device.login_count,
          days: daysActive(device.first_login, device.last_login),
        })}
      </Text>
    </Paper>
  );
}
