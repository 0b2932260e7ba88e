import { useEffect, useState } from 'react';
// The Mantine sheets only this screen uses (app/mantine-styles.ts holds the shared ones), in its own chunk.
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Table.css';
import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_DAYS_BACK,
  DEFAULT_MIN_DEVICES,
  RISK_LEVELS,
  type SuspiciousSort,
  type SuspiciousUser,
} from '@rides/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { useSession } from '../../../lib/session-store';
import { deviceManagementKeys, suspiciousUsersQuery, type DeviceFilter } from '../api/device-management';
import { AdminNav } from '../components/AdminNav';
import { AnalysisModal } from '../components/AnalysisModal';
import { TablePager } from '../components/DataTable';
import { DeviceFilters } from '../components/DeviceFilters';
import { DevicesModal } from '../components/DevicesModal';
import { ProfileModal } from '../components/ProfileModal';
import { ListingSearch } from '../components/ListingSearch';
import { EmptyState, QueryState } from '../components/QueryState';
import { RiskBadge } from '../components/RiskBadge';
import { SuspiciousUsersTable, type UserAction } from '../components/SuspiciousUsersTable';
import { useServerListing } from '../hooks/useServerListing';
import { DEFAULT_SORT, TEXT_SORTS } from '../lib/device-rules';
import { PATHS } from '../../../lib/paths';

/**
 * /admin/device_management (002 §2.3; issue 21 point 1): platform admins only (decision 0035); anyone else, signed in
 * or not, is sent to /. The server refuses the calls to everyone else too (401 / 403).
 */
export default function DeviceManagementPage() {
  const session = useSession();
  if (!session?.isAdmin) return <Navigate to={PATHS.home} replace />;
  return <DeviceManagement />;
}

const DEFAULT_FILTERS: DeviceFilter = {
  minDevices: DEFAULT_MIN_DEVICES,
  daysBack: DEFAULT_DAYS_BACK,
  risk: 'all',
};

function DeviceManagement() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const list = useServerListing<SuspiciousSort>(DEFAULT_SORT, TEXT_SORTS);
  const [open, setOpen] = useState<{ modal: UserAction; user: SuspiciousUser } | null>(null);
  // The server filters, sorts and pages (decision 0035); the page shown stays until the next arrives.
  const read = useQuery({ ...suspiciousUsersQuery(filters, list.listing), placeholderData: keepPreviousData });

  // 002 §4: leaving the page clears what it stored: every device management read, not only the last filter's.
  useEffect(() => () => queryClient.removeQueries({ queryKey: deviceManagementKeys.all }), [queryClient]);

  const rows = read.data?.suspicious_users ?? [];
  const total = read.data?.total_count ?? 0;
  const counts = read.data?.risk_counts;
  const pages = list.pages(total);

  const apply = (next: DeviceFilter) => {
    setFilters(next);
    list.restart();
    // Applying refetches (002 §4) even when the filters did not change: the admin asks for fresh figures.
    void queryClient.invalidateQueries({ queryKey: deviceManagementKeys.suspiciousAll });
  };

  return (
    <Container size="xl" py="lg">
      <DocumentTitle title={t('admin.title')} />
      <Stack gap="md">
        <AdminNav />
        <div>
          <Title order={1}>{t('admin.title')}</Title>
          <Text c="dimmed">{t('admin.subtitle')}</Text>
        </div>
        <DeviceFilters applied={filters} onApply={apply} />
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" align="flex-end" mb="sm">
            <Title order={2} size="h3">
              {t('admin.table.title')}
            </Title>
            <ListingSearch
              value={list.search}
              onChange={list.setSearch}
              label={t('admin.table.search')}
            />
          </Group>
          {read.isSuccess && (
            <Group gap="md" mb="sm" data-testid="risk-counts">
              <Text c="dimmed" size="sm">
                {t('admin.table.count', { count: total })}
              </Text>
              {counts &&
                RISK_LEVELS.map((level) => (
                  <Group key={level} gap={4} wrap="nowrap">
                    <RiskBadge level={level} />
                    <Text size="sm" fw={600}>
                      {counts[level]}
                    </Text>
                  </Group>
                ))}
            </Group>
          )}
          <QueryState loading={read.isPending} error={read.error} title={t('admin.table.error')} />
          {read.isSuccess && rows.length === 0 && (
            <EmptyState title={t(list.listing.q ? 'admin.table.noMatch' : 'admin.table.empty')} />
          )}
          {rows.length > 0 && (
            <SuspiciousUsersTable
              rows={rows}
              sort={list.listing.sort}
              onSort={list.sortBy}
              onAction={(modal, user) => setOpen({ modal, user })}
            />
          )}
          <TablePager
            pages={pages}
            page={Math.min(list.listing.page, pages)}
            onChange={list.setPage}
            label={t('admin.table.pagination')}
          />
        </Paper>
      </Stack>
      {open?.modal === 'devices' && <DevicesModal user={open.user} onClose={() => setOpen(null)} />}
      {open?.modal === 'analysis' && <AnalysisModal user={open.user} onClose={() => setOpen(null)} />}
      {open?.modal === 'profile' && (
        <ProfileModal
          user={open.user}
          onClose={() => setOpen(null)}
          onOpen={(modal) => setOpen({ modal, user: open.user })}
        />
      )}
    </Container>
  );
}
