import { useState } from 'react';
import { Alert, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import type { BookingsConfirmResponse, PreviewReservation } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api';
import { toDisplayDate } from '../../../../lib/display-date';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { useWrite } from '../../../../lib/use-write';
import { bookingsKeys, confirmBookings } from '../api/bookings';
import {
  extendedDates,
  fromDraft,
  groupByType,
  isOutside,
  toConfirmed,
  toDraft,
  type ReservationDraft,
} from '../lib/draft';
import type { PreviewInput } from './BookingsDialog';
import { PreviewCard } from './PreviewCard';
import { Problems } from './Problems';
import classes from './Bookings.module.css';

interface Item {
  original: PreviewReservation;
  draft: ReservationDraft;
  removed: boolean;
}

/**
 * The ONE preview (issue 34): a card per booking, grouped by kind, each editable and removable; the offer to extend
 * the trip when a booking (as corrected) falls outside its days; "Add to trip" sends the corrected reservations, each
 * with its id and document, and the trip's reads are read again. A refusal about one booking (no day, a place not on
 * the map) is shown on its card, the rest kept as typed.
 */
export function PreviewPanel({
  rideId,
  input,
  onBack,
  onDone,
}: {
  rideId: number;
  input: PreviewInput;
  onBack: () => void;
  onDone: (result: BookingsConfirmResponse) => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const [items, setItems] = useState<Item[]>(() =>
    input.reservations.map((r) => ({ original: r, draft: toDraft(r), removed: false })),
  );
  const [extend, setExtend] = useState(false);
  const [refused, setRefused] = useState<{ id: string; code: string } | null>(null);

  const kept = items.filter((i) => !i.removed);
  const corrected = kept.map((i) => fromDraft(i.original, i.draft));
  const outside = corrected.filter((r) => isOutside(r, input.trip));
  const wider = extendedDates(corrected, input.trip);

  const update = (id: string, change: (item: Item) => Item) => {
    setItems((all) => all.map((i) => (i.original.id === id ? change(i) : i)));
    if (refused?.id === id) setRefused(null);
  };

  const submit = async () => {
    setRefused(null);
    const result = await run(
      () =>
        confirmBookings(rideId, {
          reservations: corrected.map(toConfirmed),
          ...(extend && outside.length > 0 ? { extendTrip: true } : {}),
        }),
      {
        invalidate: (queryClient) =>
          Promise.all([
            invalidateTrip(queryClient, rideId),
            queryClient.invalidateQueries({ queryKey: bookingsKeys.trip(rideId) }),
          ]),
        onError: (error) => {
          const id = error instanceof ApiError ? error.body?.reservationId : undefined;
          if (error instanceof ApiError && typeof id === 'string') {
            setRefused({ id, code: error.code });
            return true;
          }
          return false;
        },
      },
    );
    if (result) onDone(result);
  };

  const groups = groupByType(items.map((i) => ({ ...i, type: i.draft.type })));

  return (
    <Stack gap="xs">
      <Title order={3} fz="lg">
        {t('bookings.preview.title')}
      </Title>
      <Text size="sm">{t('bookings.preview.intro')}</Text>
      <Problems problems={input.problems} />
      {groups.map(([type, list]) => (
        <section key={type} className={classes.group} aria-labelledby={`bookings-group-${type}`}>
          <Title order={4} fz="md" id={`bookings-group-${type}`}>
            {t(`bookings.groups.${type}`)}
          </Title>
          {list.map((item) => (
            <PreviewCard
              key={item.original.id}
              original={item.original}
              draft={item.draft}
              removed={item.removed}
              outside={!item.removed && isOutside(fromDraft(item.original, item.draft), input.trip)}
              refusal={refused?.id === item.original.id ? refused.code : null}
              onChange={(draft) => update(item.original.id, (i) => ({ ...i, draft }))}
              onRemove={(removed) => update(item.original.id, (i) => ({ ...i, removed }))}
            />
          ))}
        </section>
      ))}
      {kept.length === 0 && <Text c="dimmed">{t('bookings.preview.nothingLeft')}</Text>}
      {outside.length > 0 && (
        <Alert color="yellow" variant="light">
          <Checkbox
            checked={extend}
            onChange={(e) => setExtend(e.currentTarget.checked)}
            label={t('bookings.preview.extend', {
              start: toDisplayDate(wider.startDate),
              end: toDisplayDate(wider.endDate),
            })}
            description={t('bookings.preview.extendHint')}
          />
        </Alert>
      )}
      <div className={classes.footer}>
        <Button variant="default" onClick={onBack} disabled={busy}>
          {t('bookings.preview.back')}
        </Button>
        <Button onClick={() => void submit()} loading={busy} disabled={kept.length === 0}>
          {t('bookings.preview.add', { count: kept.length })}
        </Button>
      </div>
    </Stack>
  );
}
