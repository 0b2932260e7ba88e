import { useEffect, useState } from 'react';
import type { TogetherTargetType } from '@rides/contract';

/**
 * Where the trip page leaves room for comments and votes (decision 0066): an empty `<span data-together="activity"
 * data-id="…">` in each activity card, stay card and day header (a few bytes in the page's first JavaScript). The
 * lazy layer finds them and renders into them through portals; the cards themselves never wait for its code. A day's
 * id is its date as the page shows it (DD/MM/YYYY …), made YYYY-MM-DD here.
 */
export interface Slot {
  element: HTMLElement;
  type: TogetherTargetType;
  id: string;
}

function dayId(raw: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(raw);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

function scan(): Slot[] {
  const slots: Slot[] = [];
  for (const element of document.querySelectorAll<HTMLElement>('[data-together]')) {
    const type = element.dataset.together;
    const raw = element.dataset.id ?? '';
    if (type === 'activity' || type === 'stay') slots.push({ element, type, id: raw });
    else if (type === 'day') {
      const id = dayId(raw);
      if (id) slots.push({ element, type, id });
    }
  }
  return slots;
}

const same = (a: Slot[], b: Slot[]) =>
  a.length === b.length && a.every((s, i) => s.element === b[i]?.element);

/** The slots on the page now, followed as the days render (progressively) and change. */
export function useSlots(): Slot[] {
  const [slots, setSlots] = useState<Slot[]>(() => scan());
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setSlots((old) => {
          const fresh = scan();
          return same(old, fresh) ? old : fresh;
        }),
      );
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    update();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return slots;
}
