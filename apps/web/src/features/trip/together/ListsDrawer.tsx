import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Drawer,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  LIST_ITEM_MAX,
  LIST_NAME_MAX,
  TRIP_LIST_KINDS,
  type ListsResponse,
  type TripListKind,
  type TripListWire,
} from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../../lib/use-write';
import { createList, deleteItem, deleteList, fetchLists, listsKey, patchItem } from './api';
import { applyQueue, enqueue, keepLists, loadKeptLists, newClientId, type QueuedWrite } from './queue';
import { useQueue, useQueueSync } from './queue-sync';
import classes from './Together.module.css';

/**
 * The trip's shared lists (issue 33 point 5, decision 0066). Adding an item and ticking one work without network:
 * they are queued on the device (queue.ts), shown at once, and sent in order when the network is back (the browser's
 * "online", and every 10 s while some wait). The server keeps them safe to send twice: the same clientId is one item,
 * the latest tick by its time wins. Lists themselves, assignees and deletions need the network.
 */
export default function ListsDrawer({ rideId, onClose }: { rideId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const lists = useQuery({
    queryKey: listsKey(rideId),
    queryFn: async ({ signal }) => {
      const fresh = await fetchLists(rideId, signal);
      keepLists(rideId, fresh);
      return fresh;
    },
    initialData: () => loadKeptLists(rideId),
    initialDataUpdatedAt: 0,
    retry: false,
  });
  const queue = useQueue(rideId);
  const flush = useQueueSync(rideId);
  const refresh = { invalidate: (qc: QueryClient) => qc.invalidateQueries({ queryKey: listsKey(rideId) }) };

  const queued = (write: QueuedWrite) => {
    enqueue(rideId, write);
    void flush();
  };

  const shown = useMemo(() => applyQueue(lists.data?.lists ?? [], queue), [lists.data, queue]);
  const people = lists.data?.people ?? [];
  const mayWrite = lists.data?.mayWrite ?? false;

  return (
    <Drawer
      opened
      onClose={onClose}
      position="bottom"
      size="85%"
      title={t('together.lists.title')}
      closeButtonProps={{ 'aria-label': t('together.lists.close') }}
    >
      <Stack gap="md" data-testid="lists-drawer">
        {queue.length > 0 && (
          <Alert color="yellow" data-testid="lists-pending">
            {t('together.lists.pending', { count: queue.length })}
          </Alert>
        )}
        {lists.data && shown.length === 0 && <Text c="dimmed">{t('together.lists.empty')}</Text>}
        {shown.map((list) => (
          <ListBlock
            key={list.id}
            list={list}
            people={people}
            mayWrite={mayWrite}
            busy={busy}
            onAdd={(text) => queued({ op: 'add', listId: list.id, clientId: newClientId(), text })}
            onTick={(clientId, done) =>
              queued({ op: 'tick', listId: list.id, clientId, done, at: new Date().toISOString() })
            }
            onAssign={(itemId, assigneeId) =>
              void run(() => patchItem(rideId, list.id, itemId, { assigneeId }), refresh)
            }
            onDeleteItem={(itemId) => void run(() => deleteItem(rideId, list.id, itemId), refresh)}
            onDeleteList={() => void run(() => deleteList(rideId, list.id), refresh)}
          />
        ))}
        {mayWrite && (
          <NewList
            busy={busy}
            onCreate={(name, kind) => run(() => createList(rideId, { name, kind }), refresh)}
          />
        )}
      </Stack>
    </Drawer>
  );
}

function ListBlock({
  list,
  people,
  mayWrite,
  busy,
  onAdd,
  onTick,
  onAssign,
  onDeleteItem,
  onDeleteList,
}: {
  list: TripListWire;
  people: ListsResponse['people'];
  mayWrite: boolean;
  busy: boolean;
  onAdd: (text: string) => void;
  onTick: (clientId: string, done: boolean) => void;
  onAssign: (itemId: number, assigneeId: number | null) => void;
  onDeleteItem: (itemId: number) => void;
  onDeleteList: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const add = () => {
    const value = text.trim();
    if (!value) return;
    onAdd(value);
    setText('');
  };
  return (
    <section aria-label={list.name} data-testid="trip-list">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h4">
          <bdi>{list.name}</bdi>{' '}
          <Text span size="sm" c="dimmed">
            ({t(`together.lists.kinds.${list.kind}`)})
          </Text>
        </Title>
        {mayWrite && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('together.lists.deleteList')}: ${list.name}`}
            disabled={busy}
            onClick={onDeleteList}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {list.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('together.lists.noItems')}
        </Text>
      )}
      {list.items.map((item) => (
        <div key={item.clientId} className={classes.item} data-testid="list-item">
          <Checkbox
            checked={item.done}
            disabled={!mayWrite}
            onChange={(e) => onTick(item.clientId, e.currentTarget.checked)}
            aria-label={item.text}
          />
          <span className={item.done ? `${classes.itemText} ${classes.done}` : classes.itemText} dir="auto">
            {item.text}
          </span>
          {item.id > 0 && (
            <NativeSelect
              size="xs"
              aria-label={`${t('together.lists.assignee')}: ${item.text}`}
              value={item.assigneeId === null ? '' : String(item.assigneeId)}
              disabled={!mayWrite || busy}
              onChange={(e) =>
                onAssign(item.id, e.currentTarget.value ? Number(e.currentTarget.value) : null)
              }
              data={[
                { value: '', label: t('together.lists.nobody') },
                ...people.map((p) => ({ value: String(p.userId), label: p.name })),
              ]}
            />
          )}
          {mayWrite && item.id > 0 && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`${t('together.lists.deleteItem')}: ${item.text}`}
              disabled={busy}
              onClick={() => onDeleteItem(item.id)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </div>
      ))}
      {mayWrite && (
        <Group gap="xs" mt="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') add();
            }}
            placeholder={t('together.lists.itemPlaceholder')}
            aria-label={`${t('together.lists.itemPlaceholder')}: ${list.name}`}
            maxLength={LIST_ITEM_MAX}
            dir="auto"
          />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add} disabled={!text.trim()}>
            {t('together.lists.addItem')}
          </Button>
        </Group>
      )}
    </section>
  );
}

function NewList({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (name: string, kind: TripListKind) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TripListKind>('packing');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('together.lists.newList')}
      </Title>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <TextInput
          label={t('together.lists.listName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={LIST_NAME_MAX}
          dir="auto"
          style={{ flex: '1 1 12rem' }}
        />
        <NativeSelect
          aria-label={t('together.lists.listName')}
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as TripListKind)}
          data={TRIP_LIST_KINDS.map((k) => ({ value: k, label: t(`together.lists.kinds.${k}`) }))}
        />
        <Button
          loading={busy}
          disabled={!name.trim()}
          onClick={() =>
            void onCreate(name.trim(), kind).then((done) => {
              if (done) setName('');
            })
          }
        >
          {t('together.lists.create')}
        </Button>
      </Group>
    </Stack>
  );
}
