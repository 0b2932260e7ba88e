import { useEffect, useMemo, useState } from 'react';
import type { TogetherTargetType } from '@rides/contract';
import { useTripAttractions } from '../data/trip-attractions';

/**
 * The trip page's parts that the lazy layers render into (comments and votes, decision 0066; live presence, 0064; the
 * legs, 0071), found on the page as it is, so the page's first JavaScript carries nothing for them: an activity card
 * is the `<article>` labelled by `attraction-title-{id}-{n}` (n: its place in its day, from 1), a stay card the element
 * `trip-accommodation-{id}`, a day the section `trip-day-{n}`. A card's day is the day section it is in (an activity
 * may be on several days). The layers render into each card's body and each day's header through portals, after what
 * the page put there. Followed with a MutationObserver on the days' section, as the days render progressively.
 */
export interface CardOnPage {
  kind: 'activity' | 'stay';
  id: number;
  /** The 0-based index of the day the card is in (`trip-day-{index + 1}`); null outside the days. */
  dayIndex: number | null;
  /** An activity's 0-based place in its day; null for a stay. */
  position: number | null;
  /** The card's body: what the layers render into. */
  body: Element;
  /** What the card is called: the activity's title, the stay's name. */
  label: string;
}

export interface DayOnPage {
  /** 0-based, as in ride_attractions_api's attractionsByDay. */
  index: number;
  /** The day's header row (its title, date, night). */
  header: Element;
  /** The list of the day's activities, notes and stay card (its last part). */
  items: Element | null;
  /** The day's title ("Day 3"). */
  label: string;
}

export interface PageParts {
  cards: CardOnPage[];
  days: DayOnPage[];
}

/** What the layers render themselves: changes inside are no reason to look at the page again. */
const LAYERS = '[data-together],[data-legs],[data-checks]';

const DAY_SECTIONS = 'section[id^="trip-day-"]';

/** "trip-day-3" -> 2; null for anything else. */
function dayIndexOf(section: Element | null): number | null {
  const n = /^trip-day-(\d+)$/.exec(section?.id ?? '')?.[1];
  return n ? Number(n) - 1 : null;
}

/** The cards and days on the page now. */
export function scanPage(root: ParentNode = document): PageParts {
  const cards: CardOnPage[] = [];
  for (const article of root.querySelectorAll('article[aria-labelledby^="attraction-title-"]')) {
    const titleId = article.getAttribute('aria-labelledby') ?? '';
    const match = /^attraction-title-(\d+)-(\d+)$/.exec(titleId);
    const body = article.lastElementChild;
    if (match && body)
      cards.push({
        kind: 'activity',
        id: Number(match[1]),
        dayIndex: dayIndexOf(article.closest(DAY_SECTIONS)),
        position: Number(match[2]) - 1,
        body,
        // The title's own text (its last part: before it, the number and "activity N" for screen readers).
        label: document.getElementById(titleId)?.lastElementChild?.textContent?.trim() ?? '',
      });
  }
  for (const stay of root.querySelectorAll('[id^="trip-accommodation-"]')) {
    const id = /^trip-accommodation-(\d+)$/.exec(stay.id)?.[1];
    const body = stay.lastElementChild;
    if (id && body)
      cards.push({
        kind: 'stay',
        id: Number(id),
        dayIndex: dayIndexOf(stay.closest(DAY_SECTIONS)),
        position: null,
        body,
        label: stay.getAttribute('aria-label') ?? '',
      });
  }
  const days: DayOnPage[] = [];
  for (const section of root.querySelectorAll(DAY_SECTIONS)) {
    const index = dayIndexOf(section);
    const header = section.firstElementChild;
    if (index !== null && header)
      days.push({
        index,
        header,
        items: section.lastElementChild === header ? null : section.lastElementChild,
        label: section.querySelector('h3')?.textContent?.trim() ?? '',
      });
  }
  return { cards, days };
}

const sameParts = (a: PageParts, b: PageParts) =>
  a.cards.length === b.cards.length &&
  a.days.length === b.days.length &&
  a.cards.every((c, i) => {
    const o = b.cards[i];
    return (
      o !== undefined &&
      c.body === o.body &&
      c.kind === o.kind &&
      c.id === o.id &&
      c.dayIndex === o.dayIndex &&
      c.position === o.position &&
      c.label === o.label
    );
  }) &&
  a.days.every((d, i) => {
    const o = b.days[i];
    return (
      o !== undefined &&
      d.header === o.header &&
      d.items === o.items &&
      d.index === o.index &&
      d.label === o.label
    );
  });

const NOTHING: PageParts = { cards: [], days: [] };

/** The cards and days on the page, followed as the days render and change (the same object while nothing changed). */
export function usePageParts(): PageParts {
  const [parts, setParts] = useState<PageParts>(NOTHING);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setParts((old) => {
          const fresh = scanPage();
          return sameParts(old, fresh) ? old : fresh;
        }),
      );
    };
    const observer = new MutationObserver((records) => {
      // The layers' own content changing is no reason to look again.
      if (records.some((r) => !(r.target instanceof Element && r.target.closest(LAYERS)))) update();
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
  }, []);
  return parts;
}

/** Where comments and votes show: a card or a day (named by its date; none while the dates are hidden). */
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

/** The slots on the page now, followed as the days render and change. */
export function useSlots(rideId: number): Slot[] {
  const trip = useTripAttractions(rideId);
  const days = trip.data?.attractionsByDay;
  const parts = usePageParts();
  return useMemo(() => {
    const dates = (days ?? []).map((d) => isoOf(d.dateTime));
    const slots: Slot[] = parts.cards.map((card) => ({
      element: card.body,
      type: card.kind,
      id: String(card.id),
      label: card.label,
    }));
    for (const day of parts.days) {
      const date = dates[day.index];
      if (date) slots.push({ element: day.header, type: 'day', id: date, label: day.label || date });
    }
    return slots;
  }, [parts, days]);
}
