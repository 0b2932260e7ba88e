// Mantine's sheets are loaded per component (app/mantine-styles.ts); the conflicts' choice is a radio group.
import '@mantine/core/styles/Radio.css';
import { useMemo, useState } from 'react';
import { NotifySwitch } from './NotifySwitch';
import { Alert, Button, Checkbox, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TripChange, UpstreamPullResponse } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { ApiError } from '../../../lib/api';
import { invalidateTrip } from '../../../lib/invalidate-trip';
import { showToast } from '../../../lib/toast';
import { useWrite } from '../../../lib/use-write';
import { tripAttractionsQuery, useTripAttractions } from '../data/trip-attractions';
import { UndoMessage } from '../shared/UndoMessage';
import { UNDO_MS } from '../shared/undo-removal';
import { pullUpstream, undoPull, upstreamKeys, upstreamQuery } from './api';
import {
  dayBook,
  groupedWords,
  groupTitle,
  NO_NAMES,
  pullChoices,
  refusalWords,
  tripNames,
  type ChangeWords,
  type WordsContext,
} from './words';

/** A pull refused because the updates shown are no longer the original's: the preview reads them again. */
const STALE = new Set(['upstream_changed', 'unknown_change']);

type Side = 'theirs' | 'ours';

/** What the last pull answered, with the words of the changes it named (the list is read again after it). */
interface PullOutcome {
  applied: number;
  refused: { id: string; text: string; reason: string }[];
}

/**
 * The preview of a copy's updates (issue 37 point 2, decision 0075; rule 141): each change of the original in words,
 * grouped by day; a clean change with a checkbox (all checked), a conflict with both values side by side and a choice
 * (the original's, or mine; none chosen: not taken). "Take the chosen updates" pulls them with the version the
 * preview shows; a refusal is said per change; a toast offers to take the pull back. The original changed meanwhile
 * (409 upstream_changed): said, and its updates now are read again in place.
 */
export default function UpdatesPreview({ rideId, onClose }: { rideId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { run, busy } = useWrite();
  const upstream = useQuery(upstreamQuery(rideId));
  const data = upstream.data;
  const copy = useTripAttractions(rideId).data;
  // The original's read names the activities only it has; not readable (private now): "an activity".
  const original = useQuery({
    ...tripAttractionsQuery(data?.originRideId ?? 0),
    enabled: data?.originRideId != null,
    retry: false,
  });
  const changes = useMemo(() => (data?.changes ?? []) as TripChange[], [data]);
  const ctx: WordsContext = useMemo(() => {
    const copyNames = tripNames(copy?.attractionsByDay);
    const originalNames = original.data ? tripNames(original.data.attractionsByDay) : NO_NAMES;
    return {
      t,
      copy: copyNames,
      original: originalNames,
      book: dayBook(data?.days ?? [], data?.originDays ?? null),
    };
  }, [t, copy, original.data, data]);
  const groups = useMemo(() => groupedWords(changes, ctx), [changes, ctx]);

  // Unchecked (every clean change starts checked) and the sides chosen for conflicts, by change id.
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const [sides, setSides] = useState<Record<string, Side>>({});
  const [stale, setStale] = useState(false);
  const [outcome, setOutcome] = useState<PullOutcome | null>(null);
  const checked = useMemo(
    () => new Set(changes.filter((c) => !c.conflict && !unchecked.has(c.id)).map((c) => c.id)),
    [changes, unchecked],
  );
  const choices = pullChoices(changes, checked, sides);
  const chosen = choices.accept.length + Object.keys(choices.resolve).length;

  const undo = () =>
    run(() => undoPull(rideId), {
      invalidate: (qc) => invalidateTrip(qc, rideId),
      invalidateOnRefusal: (qc) => invalidateTrip(qc, rideId),
      success: t('tripUpdates.undone'),
      // A refusal (nothing to undo, the copy changed since) is said by its code's own text (planningCodes).
    });

  const take = async () => {
    if (!data || data.version === null) return;
    const words = new Map<string, ChangeWords>(groups.flatMap((g) => g.changes.map((c) => [c.id, c])));
    const result: UpstreamPullResponse | undefined = await run(
      () => pullUpstream(rideId, { version: data.version!, ...choices }),
      {
        invalidate: (qc) => invalidateTrip(qc, rideId),
        onError: (error) => {
          if (error instanceof ApiError && STALE.has(error.code)) {
            // Nothing was applied: the original's updates now, in place of the ones shown.
            setStale(true);
            setOutcome(null);
            void queryClient.invalidateQueries({ queryKey: upstreamKeys.of(rideId) });
            return true;
          }
          return false;
        },
      },
    );
    if (!result) return;
    setStale(false);
    const refused = result.refused.map((r) => ({
      id: r.id,
      reason: r.reason,
      text: words.get(r.id)?.text ?? r.id,
    }));
    const id = `updates-pulled-${rideId}-${Date.now()}`;
    showToast({
      id,
      color: 'brand',
      autoClose: UNDO_MS,
      message: (
        <UndoMessage
          toastId={id}
          text={
            result.applied.length > 0
              ? t('tripUpdates.done', { count: result.applied.length })
              : t('tripUpdates.doneNone')
          }
          onUndo={undo}
        />
      ),
    });
    if (refused.length === 0) onClose();
    else setOutcome({ applied: result.applied.length, refused });
  };

  const body = () => {
    if (outcome)
      return (
        <Stack gap="sm" data-testid="updates-outcome">
          <Text fw={600}>
            {outcome.applied > 0
              ? t('tripUpdates.done', { count: outcome.applied })
              : t('tripUpdates.doneNone')}
          </Text>
          <Text size="sm">{t('tripUpdates.refused.title')}</Text>
          <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
            {outcome.refused.map((r) => (
              <li key={r.id}>
                <Text size="sm">
                  {r.text}: {refusalWords(r.reason, t)}
                </Text>
              </li>
            ))}
          </ul>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('tripUpdates.preview.cancel')}</Button>
          </Group>
        </Stack>
      );
    if (upstream.isPending)
      return (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('tripUpdates.preview.loading')}</Text>
        </Group>
      );
    if (!data) return <Text size="sm">{t('tripUpdates.preview.failed')}</Text>;
    return (
      <Stack gap="md">
        {stale && (
          <Alert color="yellow" variant="light" role="status">
            <Text size="sm">{t('tripUpdates.stale')}</Text>
          </Alert>
        )}
        {changes.length === 0 ? (
          <Text size="sm">{t('tripUpdates.preview.nothing')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('tripUpdates.preview.intro')}
            </Text>
            {groups.map((g) => (
              <section key={g.key} aria-labelledby={`updates-group-${g.key}`}>
                <Title order={3} fz="md" id={`updates-group-${g.key}`} mb={6}>
                  {groupTitle(g.group, t)}
                </Title>
                <Stack gap="xs">
                  {g.changes.map((c) =>
                    c.conflict && c.sides ? (
                      <ConflictChoice
                        key={c.id}
                        words={c}
                        side={sides[c.id] ?? null}
                        onChoose={(side) => setSides((s) => ({ ...s, [c.id]: side }))}
                      />
                    ) : (
                      <Checkbox
                        key={c.id}
                        data-testid="updates-change"
                        label={c.text}
                        checked={checked.has(c.id)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setUnchecked((old) => {
                            const next = new Set(old);
                            if (on) next.delete(c.id);
                            else next.add(c.id);
                            return next;
                          });
                        }}
                      />
                    ),
                  )}
                </Stack>
              </section>
            ))}
          </>
        )}
        {data.mayChangeNotify && <NotifySwitch rideId={rideId} notify={data.notify} />}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            {t('tripUpdates.preview.cancel')}
          </Button>
          {changes.length > 0 && (
            <Button onClick={() => void take()} loading={busy} disabled={chosen === 0}>
              {t('tripUpdates.preview.take')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  };

  return (
    <AppModal
      opened
      onClose={onClose}
      title={t('tripUpdates.preview.title')}
      size="lg"
      fullScreenOnPhone
      data-testid="updates-preview"
    >
      {body()}
    </AppModal>
  );
}

/** A conflict: what it is, both values side by side, and whose to keep (none chosen: it is not taken). */
function ConflictChoice({
  words,
  side,
  onChoose,
}: {
  words: ChangeWords;
  side: Side | null;
  onChoose: (side: Side) => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" p="sm" data-testid="updates-conflict">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {words.text}
        </Text>
        <Text size="xs" c="dimmed">
          {t('tripUpdates.preview.conflict')}
        </Text>
        <Text size="sm">
          {t('tripUpdates.preview.theirs', { value: words.sides!.theirs })}
          {' · '}
          {t('tripUpdates.preview.ours', { value: words.sides!.ours })}
        </Text>
        <Radio.Group
          value={side}
          onChange={(v) => onChoose(v as Side)}
          aria-label={t('tripUpdates.preview.choice')}
        >
          <Group gap="md" wrap="wrap">
            <Radio value="theirs" label={t('tripUpdates.preview.takeTheirs')} />
            <Radio value="ours" label={t('tripUpdates.preview.keepOurs')} />
          </Group>
        </Radio.Group>
      </Stack>
    </Alert>
  );
}
