import { useMemo, useState } from 'react';
// Mantine's styles load with the components that use them (app/mantine-styles.ts holds the shared ones).
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconCategory, IconCopy, IconPencil, IconPhoto, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { FormPage } from '../../../components/FormPage';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { libraryPreview, libraryRows, plannerLibraryQuery, type LibrarySort } from '../../../lib/planner-library';
import { attractionEditPath } from '../../../lib/screen-paths';
import { useSession } from '../../../lib/session-store';
import classes from './PlannerLibraryPage.module.css';
import { UserText } from '../../../components/UserText';

/**
 * /ride_manager_attraction (001 §2): the planner's library, managers only (everyone else is sent to /, as the
 * categories page does). Their own attractions as a table: title, the description cut at 60 characters, whether it
 * has an image, an edit button (the attraction editor), and the way to the categories. Searched and sorted here,
 * in the browser: the call answers the whole library at once.
 */
export default function PlannerLibraryPage() {
  const session = useSession();
  if (session?.role !== 'manager') return <Navigate to={PATHS.home} replace />;
  return <Library viewer={session.token} />;
}

function Library({ viewer }: { viewer: string }) {
  const { t, i18n } = useTranslation();
  const list = useQuery(plannerLibraryQuery(viewer));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LibrarySort>('newest');
  const all = list.data?.attractions;
  const rows = useMemo(() => libraryRows(all ?? [], search, sort, i18n.language), [all, search, sort, i18n.language]);

  let body;
  if (list.isPending) body = <LoadingIndicator p="xl" />;
  else if (list.isError)
    body = (
      <Alert role="alert" color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text>{t('plannerLibrary.loadFailed')}</Text>
          <Text size="sm">{t(messageKey(errorCode(list.error)))}</Text>
          <Button size="compact-md" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void list.refetch()}>
            {t('plannerLibrary.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (list.data.attractions.length === 0) body = <Text c="dimmed">{t('plannerLibrary.empty')}</Text>;
  else
    body = (
      <>
        <Group align="flex-end" gap="md" className={classes.controls}>
          <TextInput
            type="search"
            className={classes.search}
            label={t('plannerLibrary.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <div>
            <Text component="span" size="sm" fw={500} id="library-sort" className={classes.sortLabel}>
              {t('plannerLibrary.sortBy')}
            </Text>
            <SegmentedControl
              aria-labelledby="library-sort"
              value={sort}
              onChange={(v) => setSort(v as LibrarySort)}
              data={[
                { value: 'newest', label: t('plannerLibrary.sortNewest') },
                { value: 'title', label: t('plannerLibrary.sortTitle') },
              ]}
            />
          </div>
        </Group>
        <Text size="sm" c="dimmed" role="status">
          {t('plannerLibrary.count', { shown: rows.length, total: list.data.attractions.length })}
        </Text>
        {rows.length === 0 ? (
          <Text c="dimmed">{t('plannerLibrary.noMatch')}</Text>
        ) : (
          <table className={classes.table}>
            <caption className={classes.caption}>{t('plannerLibrary.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('plannerLibrary.colTitle')}</th>
                <th scope="col">{t('plannerLibrary.colDescription')}</th>
                <th scope="col">{t('plannerLibrary.colImage')}</th>
                <th scope="col">
                  <span className={classes.caption}>{t('plannerLibrary.colEdit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <th scope="row" className={classes.title}>
                    <UserText>{a.title}</UserText>
                  </th>
                  <td className={classes.description}>
                    {/* The text's own direction (an English text in the Hebrew page keeps its ellipsis at its end). */}
                    <span dir="auto">{libraryPreview(a.text)}</span>
                  </td>
                  <td className={classes.image}>
                    {a.image ? (
                      <IconPhoto size={20} role="img" aria-label={t('plannerLibrary.hasImage')} />
                    ) : (
                      <Text component="span" size="sm" c="dimmed">
                        {t('plannerLibrary.noImage')}
                      </Text>
                    )}
                  </td>
                  <td className={classes.edit}>
                    <Button
                      component={Link}
                      to={attractionEditPath(a.id, null)}
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('plannerLibrary.editNamed', { title: a.title })}
                    >
                      {t('plannerLibrary.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </>
    );

  return (
    <FormPage wide={1000} title={t('plannerLibrary.title')} intro={t('plannerLibrary.intro')}>
      <Group>
        <Button component={Link} to={PATHS.categories} variant="default" leftSection={<IconCategory size={18} aria-hidden />}>
          {t('plannerLibrary.categories')}
        </Button>
        <Button component={Link} to={PATHS.uniquenessGroups} variant="default" leftSection={<IconCopy size={18} aria-hidden />}>
          {t('plannerLibrary.duplicates')}
        </Button>
      </Group>
      {body}
    </FormPage>
  );
}
