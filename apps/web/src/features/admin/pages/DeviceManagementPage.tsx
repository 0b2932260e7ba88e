import { useEffect, useMemo, useState } from 'react';
// The Mantine sheets only this screen uses (app/mantine-styles.ts holds the shared ones), in its own chunk.
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Table.css';
import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_DAYS_BACK, DEFAULT_MIN_DEVICES, type SuspiciousUser } from '@rides/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { useSession } from '../../../lib/session-store';
import { deviceManagementKeys, suspiciousUsersQuery } from '../api/device-management';
import { AdminNav } from '../components/AdminNav';
import { AnalysisModal } from '../components/AnalysisModal';
import { TablePager } from '../components/DataTable';
import { DeviceFilters, type Filters } from '../components/DeviceFilters';
import { DevicesModal } from '../components/DevicesModal';
import { ProfileModal } from '../components/ProfileModal';
import { EmptyState, QueryState } from '../components/QueryState';
import { SuspiciousUsersTable, type UserAction } from '../components/SuspiciousUsersTable';
import { DEFAULT_SORT, visibleUsers, type Sort, type SortColumn } from '../lib/device-rules';
import { nextSort, pageCount, pageRows } from '../lib/table-rules';

/**
 * /admin/device_management (002 §2.3; issue 21 point 1): platform admins only (decision 0035); anyone else, signed in
 * or not, is sent to /. The server refuses the calls to everyone else too (401 / 403).
 */
export default function DeviceManagementPage() {
  const session = useSession();
  if (!session?.isAdmin) return <Navigate to="/" replace />;
  return <DeviceManagement />;
}

const DEFAULT_FILTERS: Filters = {
  minDevices: DEFAULT_MIN_DEVICES,
  daysBack: DEFAULT_DAYS_BACK,
  risk: 'all',
};

function DeviceManagement() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ modal: UserAction; user: SuspiciousUser } | null>(null);
  const list = useQuery({
    ...suspiciousUsersQuery(filters.minDevices, filters.daysBack),
    placeholderData: keepPreviousData,
  });

  // 002 §4: leaving the page clears what it stored: every device management read, not only the last filter's.
  useEffect(() => () => queryClient.removeQueries({ queryKey: deviceManagementKeys.all }), [queryClient]);

  const rows = useMemo(
    () => visibleUsers(list.data?.suspicious_users ?? [], filters.risk, sort),
    [list.data, filters.risk, sort],
  );
  const pages = pageCount(rows.length);
  const shownPage = Math.min(page, pages);

  const apply = (next: Filters) => {
    setFilters(next);
    setPage(1);
    // Applying refetches (002 §4) even when the server's filters did not change: the admin asks for fresh figures.
    void queryClient.invalidateQueries({
      queryKey: deviceManagementKeys.suspicious(next.minDevices, next.daysBack),
    });
  };
  const sortBy = (column: SortColumn) => setSort((s) => nextSort(s, column, ['email', 'username']));

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
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3">
              {t('admin.table.title')}
            </Title>
            {list.isSuccess && (
              <Text c="dimmed" size="sm">
                {t('admin.table.count', { count: rows.length })}
              </Text>
            )}
          </Group>
          <QueryState loading={list.isPending} error={list.error} title={t('admin.table.error')} />
          {list.isSuccess && rows.length === 0 && <EmptyState title={t('admin.table.empty')} />}
          {rows.length > 0 && (
            <SuspiciousUsersTable
              rows={pageRows(rows, shownPage)}
              sort={sort}
              onSort={(column) => {
                sortBy(column);
                setPage(1);
              }}
              onAction={(modal, user) => setOpen({ modal, user })}
            />
          )}
          <TablePager pages={pages} page={shownPage} onChange={setPage} label={t('admin.table.pagination')} />
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
