import { useEffect, useState } from 'react';
import type { TogetherTargetType } from '@rides/contract';
import { useTripAttractions } from '../data/trip-attractions';

/**
 * Where comments and votes show on the trip page (decision 0066), found on the page as it is, so the page's first
 * JavaScript carries nothing for them: an activity card is the `<article>` labelled by `attraction-title-{id}-…`, a
 * stay card the element `trip-accommodation-{id}`, a day the section `trip-day-{n}` (its date from the trip's read;
 * none while the dates are hidden). The layer renders into each card's body and each day's header through portals,
 * after what the page put there. Followed with a MutationObserver on the days' section, as the days render progressively.
 */
export interface Slot {
  /** The element the badges are rendered into (appended after its own children). */
  element: Element;
  type: TogetherTargetType;
  id: string;
  /** What the card is called: the activity's title, the stay's name, the day's title. */
  label: string;
}

/** "DD/MM/YYYY 00:00" -> YYYY-MM-DD. */
function isoOf(dateTime: string | null | undefined): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(dateTime ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

function scan(days: readonly (string | null)[]): Slot[] {
  const slots: Slot[] = [];
  for (const article of document.querySelectorAll('article[aria-labelledby^="attraction-title-"]')) {
    const titleId = article.getAttribute('aria-labelledby') ?? '';
    const id = /^attraction-title-(\d+)-/.exec(titleId)?.[1];
    const body = article.lastElementChild;
    if (id && body)
      slots.push({
        element: body,
        type: 'activity',
        id,
        // The title's own text (its last part: before it, the number and "activity N" for screen readers).
        label: document.getElementById(titleId)?.lastElementChild?.textContent?.trim() ?? '',
      });
  }
  for (const stay of document.querySelectorAll('[id^="trip-accommodation-"]')) {
    const id = /^trip-accommodation-(\d+)$/.exec(stay.id)?.[1];
    const body = stay.lastElementChild;
    if (id && body)
      slots.push({ element: body, type: 'stay', id, label: stay.getAttribute('aria-label') ?? '' });
  }
  for (const day of document.querySelectorAll('section[id^="trip-day-"]')) {
    const index = Number(/^trip-day-(\d+)$/.exec(day.id)?.[1] ?? 0) - 1;
    const date = days[index];
    const header = day.firstElementChild;
    if (date && header)
      slots.push({
        element: header,
        type: 'day',
        id: date,
        label: day.querySelector('h3')?.textContent?.trim() ?? date,
      });
  }
  return slots;
}

const same = (a: Slot[], b: Slot[]) =>
  a.length === b.length &&
  a.every((s, i) => s.element === b[i]?.element && s.id === b[i]?.id && s.label === b[i]?.label);

/** The slots on the page now, followed as the days render and change. */
export function useSlots(rideId: number): Slot[] {
  const trip = useTripAttractions(rideId);
  const days = trip.data?.attractionsByDay;
  const [slots, setSlots] = useState<Slot[]>([]);
  useEffect(() => {
    const dates = (days ?? []).map((d) => isoOf(d.dateTime));
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setSlots((old) => {
          const fresh = scan(dates);
          return same(old, fresh) ? old : fresh;
        }),
      );
    };
    const observer = new MutationObserver((records) => {
      // Our own badges changing are no reason to look again.
      if (records.some((r) => !(r.target instanceof Element && r.target.closest('[data-together]'))))
        update();
    });
    // The days' section holds every card and day header; the map beside it changes all the time (tiles, markers) and
    // is no reason to look again. The whole page when the section is not there.
    const section = document.querySelector('section[aria-labelledby="trip-days-heading"]') ?? document.body;
    observer.observe(section, { childList: true, subtree: true });
    update();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [days]);
  return slots;
}
