import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import type { CategoriesResponse, CategoryWire } from '@rides/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AppModal } from '../../../components/AppModal';
import { FormPage } from '../../../components/FormPage';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useWrite } from '../../../lib/use-write';
import { categoriesQuery } from '../../../lib/categories';
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  updateCategory,
  updateSubcategory,
} from '../api/category-calls';
import { NameForm } from '../components/NameForm';
import classes from './CategoriesPage.module.css';
import { UserText } from '../../../components/UserText';
import { PATHS } from '../../../lib/paths';

/**
 * /admin/categories (001 §2 "Categories", 002 §2.6): managers only, everyone else is sent to /. The attraction
 * categories with their subcategories: search, add, rename, delete, with the toasts of 002 §2.6 ("Successfully
 * saved", "Failed to save", "Successfully deleted", "Failed to delete", "Failed to load categories").
 */
export default function CategoriesPage() {
  const session = useSession();
  if (session?.role !== 'manager') return <Navigate to={PATHS.home} replace />;
  return <Categories />;
}

type Editing =
  { kind: 'category'; id: number } | { kind: 'subcategory'; categoryId: number; id: number } | null;
type Deleting =
  | { kind: 'category'; id: number; name: string }
  | { kind: 'subcategory'; categoryId: number; id: number; name: string }
  | null;

function Categories() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(categoriesQuery());
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const { run, busy } = useWrite();
  const title = t('categories.title');
  const key = categoriesQuery().queryKey;

  const shown = useMemo(() => {
    const all = list.data?.categories ?? [];
    const q = search.trim().toLocaleLowerCase();
    if (!q) return all;
    return all.filter(
      (c) =>
        c.name.toLocaleLowerCase().includes(q) ||
        c.subcategories.some((s) => s.name.toLocaleLowerCase().includes(q)),
    );
  }, [list.data, search]);

  /** Every change answers the category or subcategory as it now is: the list is updated in place, then read again. */
  const change = (update: (categories: CategoryWire[]) => CategoryWire[]) => {
    queryClient.setQueryData<CategoriesResponse>(key, (old) =>
      old ? { ...old, categories: update(old.categories) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const remove = async () => {
    if (!deleting) return;
    const removed = await run(
      async () => {
        if (deleting.kind === 'category') {
          await deleteCategory(deleting.id);
          const id = deleting.id;
          change((cs) => cs.filter((c) => c.id !== id));
        } else {
          await deleteSubcategory(deleting.categoryId, deleting.id);
          const { categoryId, id } = deleting;
          change((cs) =>
            cs.map((c) =>
              c.id === categoryId ? { ...c, subcategories: c.subcategories.filter((s) => s.id !== id) } : c,
            ),
          );
        }
        return true;
      },
      { success: t('categories.deletedToast'), failure: t('categories.deleteFailed') },
    );
    if (removed) setDeleting(null);
  };

  return (
    <>
      <FormPage wide={820} title={title} intro={t('categories.intro')}>
        {list.isPending ? (
          <LoadingIndicator p="xl" />
        ) : list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Paper withBorder radius="md" p="md">
              <NameForm
                label={t('categories.newCategory')}
                submitLabel={t('categories.add')}
                onSave={(name) =>
                  createCategory(name).then(({ category }) => change((cs) => [...cs, category]))
                }
              />
            </Paper>

            <TextInput
              type="search"
              label={t('categories.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />

            {shown.length === 0 && (
              <Text c="dimmed">{search.trim() ? t('categories.noMatch') : t('categories.empty')}</Text>
            )}
            <ul className={classes.list}>
              {shown.map((c) => (
                <li key={c.id}>
                  <Paper
                    withBorder
                    radius="md"
                    p="md"
                    component="section"
                    aria-labelledby={`category-${c.id}`}
                  >
                    <Stack gap="sm">
                      {editing?.kind === 'category' && editing.id === c.id ? (
                        <NameForm
                          label={t('categories.name')}
                          initial={c.name}
                          submitLabel={t('categories.save')}
                          autoFocus
                          onCancel={() => setEditing(null)}
                          onSave={async (name) => {
                            const { category } = await updateCategory(c.id, name);
                            change((cs) => cs.map((x) => (x.id === c.id ? category : x)));
                            setEditing(null);
                          }}
                        />
                      ) : (
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Title order={2} fz="lg" id={`category-${c.id}`} className={classes.name}>
                            <UserText>{c.name}</UserText>
                          </Title>
                          {c.mine ? (
                            <Group gap={4} wrap="nowrap">
                              <ActionIcon
                                variant="subtle"
                                size="lg"
                                aria-label={t('categories.edit', { name: c.name })}
                                onClick={() => setEditing({ kind: 'category', id: c.id })}
                              >
                                <IconPencil size={18} aria-hidden />
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                size="lg"
                                aria-label={t('categories.delete', { name: c.name })}
                                onClick={() => setDeleting({ kind: 'category', id: c.id, name: c.name })}
                              >
                                <IconTrash size={18} aria-hidden />
                              </ActionIcon>
                            </Group>
                          ) : (
                            // Another manager's (or the platform's): every manager uses it, only its owner changes it.
                            <Text size="sm" c="dimmed">
                              {t('categories.notYours')}
                            </Text>
                          )}
                        </Group>
                      )}

                      <ul
                        className={classes.subList}
                        aria-label={t('categories.subcategories', { name: c.name })}
                      >
                        {c.subcategories.length === 0 && (
                          <li>
                            <Text size="sm" c="dimmed">
                              {t('categories.noSubcategories')}
                            </Text>
                          </li>
                        )}
                        {c.subcategories.map((s) => (
                          <li key={s.id} className={classes.sub}>
                            {editing?.kind === 'subcategory' && editing.id === s.id ? (
                              <NameForm
                                label={t('categories.name')}
                                initial={s.name}
                                submitLabel={t('categories.save')}
                                autoFocus
                                onCancel={() => setEditing(null)}
                                onSave={async (name) => {
                                  const { subcategory } = await updateSubcategory(c.id, s.id, name);
                                  change((cs) =>
                                    cs.map((x) =>
                                      x.id === c.id
                                        ? {
                                            ...x,
                                            subcategories: x.subcategories.map((y) =>
                                              y.id === s.id ? subcategory : y,
                                            ),
                                          }
                                        : x,
                                    ),
                                  );
                                  setEditing(null);
                                }}
                              />
                            ) : (
                              <Group justify="space-between" wrap="nowrap" gap="xs">
                                <Text>
                                  <UserText>{s.name}</UserText>
                                </Text>
                                {c.mine && (
                                  <Group gap={4} wrap="nowrap">
                                    <ActionIcon
                                      variant="subtle"
                                      aria-label={t('categories.edit', { name: s.name })}
                                      onClick={() =>
                                        setEditing({ kind: 'subcategory', categoryId: c.id, id: s.id })
                                      }
                                    >
                                      <IconPencil size={16} aria-hidden />
                                    </ActionIcon>
                                    <ActionIcon
                                      variant="subtle"
                                      color="red"
                                      aria-label={t('categories.delete', { name: s.name })}
                                      onClick={() =>
                                        setDeleting({
                                          kind: 'subcategory',
                                          categoryId: c.id,
                                          id: s.id,
                                          name: s.name,
                                        })
                                      }
                                    >
                                      <IconTrash size={16} aria-hidden />
                                    </ActionIcon>
                                  </Group>
                                )}
                              </Group>
                            )}
                          </li>
                        ))}
                      </ul>
                      {c.mine && (
                        <NameForm
                          label={t('categories.newSubcategory', { name: c.name })}
                          submitLabel={t('categories.add')}
                          onSave={async (name) => {
                            const { subcategory } = await createSubcategory(c.id, name);
                            change((cs) =>
                              cs.map((x) =>
                                x.id === c.id
                                  ? { ...x, subcategories: [...x.subcategories, subcategory] }
                                  : x,
                              ),
                            );
                          }}
                        />
                      )}
                    </Stack>
                  </Paper>
                </li>
              ))}
            </ul>
          </>
        )}
      </FormPage>

      {deleting && (
        <AppModal
          opened
          onClose={() => setDeleting(null)}
          title={t('categories.deleteTitle', { name: deleting.name })}
        >
          <Stack gap="md">
            <Text>
              {deleting.kind === 'category'
                ? t('categories.deleteCategoryText')
                : t('categories.deleteSubcategoryText')}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDeleting(null)} disabled={busy}>
                {t('categories.cancel')}
              </Button>
              <Button color="red" onClick={() => void remove()} loading={busy} data-autofocus>
                {t('categories.confirmDelete')}
              </Button>
            </Group>
          </Stack>
        </AppModal>
      )}
    </>
  );
}

/** "Failed to load categories" (002 §2.6), as a toast once and on the page with a retry. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    showToast({ color: 'red', message: t('categories.loadFailed') });
  }, [t]);
  return (
    <Alert role="alert" color="red" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text>{t('categories.loadFailed')}</Text>
        <Button
          size="compact-md"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          {t('categories.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
