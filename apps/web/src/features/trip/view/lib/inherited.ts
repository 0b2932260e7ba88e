import type { TripWire } from '@rides/contract';

type Texts = Pick<TripWire, 'title' | 'text' | 'rideExtraInformation'>;

/** What a copy still carries from the trip it was copied from, word for word (issue 30 point 9). */
interface InheritedTexts {
  /** The copy still has the original's title: its author is offered to rename it. */
  title: boolean;
  /** The trip's text is the original author's (e.g. "we already booked most stays": theirs, not the copier's). */
  text: boolean;
  /** The ids of the copy's information sections that are the original's, title and text. */
  info: ReadonlySet<number>;
}

const NOTHING: InheritedTexts = { title: false, text: false, info: new Set() };

/**
 * Compares a copy with its original as it reads now: a text is inherited while it is the same as the original's, so
 * it stops being marked once the copier edits it (no column keeps who wrote what). Empty texts are nobody's.
 * `original` undefined: not a copy, or the original cannot be read (private, removed): nothing is marked.
 */
export function inheritedTexts(copy: Texts, original: Texts | undefined): InheritedTexts {
  if (!original) return NOTHING;
  const same = (a: string, b: string) => a.trim() !== '' && a.trim() === b.trim();
  const info = new Set<number>();
  for (const section of copy.rideExtraInformation)
    if (
      original.rideExtraInformation.some(
        (o) => same(o.text, section.text) && o.title.trim() === section.title.trim(),
      )
    )
      info.add(section.id);
  return { title: same(copy.title, original.title), text: same(copy.text, original.text), info };
}
