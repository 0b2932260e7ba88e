import type { DraftDay, TripDraft } from '@rides/contract';

/**
 * What the draft trip becomes (issue 20): the stops and photos the user keeps, in trip order, each sent as one photo.
 * A stop is one place, so one photo of it is sent (its first: 001 §2 "one photo per attraction"); the stop's other
 * photos stay on the device. A dated photo without a location is kept for "edit later" on its day. Photos the user
 * drops, and undated ones (the draft cannot place them), are never sent.
 */
export interface DraftItem {
  /** "s:<photo id>" for a stop (its first photo), "u:<photo id>" for a photo without a location. */
  key: string;
  /** 0-based day of the trip. */
  day: number;
  date: string;
  /** The photo to send. */
  photoId: string;
  /** Every photo of the stop (one for a photo without a location). */
  photoIds: string[];
  /** The stop's centre; null for a photo without a location. */
  point: { lat: number; lng: number } | null;
  /** Local times "HH:mm" of the stop's first and last photo. */
  from: string | null;
  to: string | null;
}

function dayItems(day: DraftDay, index: number): DraftItem[] {
  return [
    ...day.stops.map((s) => ({
      key: `s:${s.photoIds[0] ?? ''}`,
      day: index,
      date: day.date,
      photoId: s.photoIds[0] ?? '',
      photoIds: s.photoIds,
      point: { lat: s.lat, lng: s.lng },
      from: s.from,
      to: s.to,
    })),
    ...day.unplaced.map((id) => ({
      key: `u:${id}`,
      day: index,
      date: day.date,
      photoId: id,
      photoIds: [id],
      point: null,
      from: null,
      to: null,
    })),
  ];
}

/** The draft's items, day by day (stops in time order, then the day's photos without a location). */
export function draftItems(draft: Extract<TripDraft, { ok: true }>): DraftItem[] {
  return draft.days.flatMap(dayItems);
}

/** The items to send: every item not dropped, in trip order. */
export const keptItems = (items: readonly DraftItem[], dropped: ReadonlySet<string>): DraftItem[] =>
  items.filter((i) => !dropped.has(i.key));

/** The trip's dates: the photos' span, first to last local date (the draft refuses more than 60 days). */
export const tripSpan = (draft: Extract<TripDraft, { ok: true }>) => ({
  checkIn: draft.startDate,
  checkOut: draft.endDate,
});

/** A stop's times, "10:00–10:12" (one time when they are the same), isolated left to right so a right-to-left line keeps their order. */
export const timeRange = (from: string | null, to: string | null): string =>
  `\u2066${from === to ? (from ?? '') : `${from ?? ''}–${to ?? ''}`}\u2069`;
