import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconChecklist, IconMessage2, IconThumbUp } from '@tabler/icons-react';
import type { CommentsResponse, TogetherTargetType } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../../lib/use-write';
import { defaultStorage } from '../cache/trip-cache-core';
import { loadKeptMoney } from '../costs/kept';
import { CostsEntry } from '../costs/lazy';
import { loadExpenseQueue } from '../costs/queue';
import { commentsKey, fetchComments, putVote } from './api';
import { loadKeptLists } from './queue';
import { useQueueSync } from './queue-sync';
import { useSlots, type Slot } from './slots';
import classes from './Together.module.css';

const CommentsDrawer = lazy(() => import('./CommentsDrawer'));
const ListsDrawer = lazy(() => import('./ListsDrawer'));

export interface OpenTarget {
  type: TogetherTargetType;
  id: string;
  /** What the drawer's title names: the activity's or stay's title, or the day. */
  label: string;
}

/**
 * Planning together on the trip page (issue 33 points 4, 5; decision 0066), all of it lazy: loaded after the page for
 * signed-in readers. It reads the trip's comments (a reader who is none of the trip's people is refused, and nothing
 * shows), puts a comment count and, on activities, a 👍 into the cards' slots (portals), and opens the comments of a
 * card or the shared lists in drawers. The lists button shows for the trip's people, and offline when lists were kept;
 * the costs button likewise when money was kept or expenses wait to be sent.
 */
export default function TogetherLayer({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const comments = useQuery({
    queryKey: commentsKey(rideId),
    queryFn: ({ signal }) => fetchComments(rideId, signal),
    retry: false,
    staleTime: 30_000,
  });
  // Writes queued offline (lists) are sent as soon as the trip page is back, also when the lists are not open.
  useQueueSync(rideId);
  const slots = useSlots(rideId);
  const header = useHeader();
  const [target, setTarget] = useState<OpenTarget | null>(null);
  const [listsOpen, setListsOpen] = useState(false);
  // Offline (the page read from the service worker's copy, the comments not), what this device kept still opens.
  const [moneyKept] = useState(
    () => loadKeptMoney(defaultStorage(), rideId) !== undefined || loadExpenseQueue(rideId).length > 0,
  );
  const data = comments.data;
  const lists = data !== undefined || loadKeptLists(rideId) !== undefined;
  const costs = data !== undefined || moneyKept;
  if (!lists && !costs) return null;

  const listsButton = (
    <span data-together="lists" className={classes.headerButtons}>
      {lists && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChecklist size={18} aria-hidden />}
          onClick={() => setListsOpen(true)}
          data-testid="open-lists"
        >
          {t('together.lists.open')}
        </Button>
      )}
      {/* The trip's costs (issue 35) for the same people, its code and texts loaded after the layer; it sends the
          expenses kept on the phone, also when its panel stays closed. */}
      {costs && (
        <Suspense fallback={null}>
          <CostsEntry rideId={rideId} />
        </Suspense>
      )}
    </span>
  );

  return (
    <>
      {header ? createPortal(listsButton, header) : listsButton}
      {data &&
        slots.map((slot, i) =>
          createPortal(
            <SlotBadges rideId={rideId} slot={slot} data={data} onOpen={setTarget} />,
            slot.element,
            `${slot.type}:${slot.id}:${i}`,
          ),
        )}
      {target && data && (
        <Suspense fallback={null}>
          <CommentsDrawer rideId={rideId} target={target} data={data} onClose={() => setTarget(null)} />
        </Suspense>
      )}
      {listsOpen && (
        <Suspense fallback={null}>
          <ListsDrawer rideId={rideId} onClose={() => setListsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The row of the trip's title in the page's header (the lists button joins it). */
function useHeader(): Element | null {
  // The layer renders in the browser only, after the page: the header is there by then.
  const [header] = useState<Element | null>(() => document.querySelector('h1')?.parentElement ?? null);
  return header;
}

function SlotBadges({
  rideId,
  slot,
  data,
  onOpen,
}: {
  rideId: number;
  slot: Slot;
  data: CommentsResponse;
  onOpen: (target: OpenTarget) => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const count = data.comments.filter((c) => c.target.type === slot.type && c.target.id === slot.id).length;
  const vote = data.votes.find((v) => v.target.type === slot.type && v.target.id === slot.id);
  if (count === 0 && !data.mayWrite && !vote) return null;
  const label = slot.label;
  return (
    <span className={classes.badges} data-together={slot.type} data-testid={`together-${slot.type}`}>
      <button
        type="button"
        className={classes.badge}
        onClick={() => onOpen({ type: slot.type, id: slot.id, label })}
        aria-label={`${t('together.comments.count', { count })}: ${label}`}
        data-testid="comment-count"
      >
        <IconMessage2 size={16} aria-hidden />
        <span>{count}</span>
      </button>
      {slot.type === 'activity' && (
        <button
          type="button"
          className={classes.badge}
          aria-pressed={vote?.mine ?? false}
          disabled={!data.mayWrite || busy}
          aria-label={`${vote?.mine ? t('together.votes.unvote') : t('together.votes.vote')} (${t('together.votes.count', { count: vote?.count ?? 0 })}): ${label}`}
          onClick={() =>
            void run(
              () => putVote(rideId, { target: { type: 'activity', id: slot.id }, value: vote?.mine ? 0 : 1 }),
              {
                invalidate: (qc) => qc.invalidateQueries({ queryKey: commentsKey(rideId) }),
              },
            )
          }
          data-testid="vote"
        >
          <IconThumbUp size={16} aria-hidden />
          <span>{vote?.count ?? 0}</span>
        </button>
      )}
    </span>
  );
}
