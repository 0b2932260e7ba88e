/**
 * Orders on stable ids (a trip's days, a day's activities): which items a side moved, and where an item goes in
 * another list (decision 0075 "How orders merge").
 */

/**
 * Of the items both lists hold, those that moved: every common item outside one longest common subsequence of the two
 * orders (the fewest moves that turn one order into the other). Moving one activity to the end of its day is one move,
 * not a new predecessor for every activity after it. Deterministic (patience sorting; of equally long subsequences,
 * the one whose items end earliest in `before`).
 */
export function movedItems(before: readonly string[], after: readonly string[]): Set<string> {
  const afterSet = new Set(after);
  const position = new Map<string, number>();
  for (const id of before) if (afterSet.has(id)) position.set(id, position.size);
  const seq = after.filter((id) => position.has(id));
  // tails[k]: the index in seq of the smallest last item of an increasing run of length k + 1.
  const tails: number[] = [];
  const previous: number[] = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    const p = position.get(seq[i]!)!;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (position.get(seq[tails[mid]!]!)! < p) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const kept = new Set<string>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) kept.add(seq[i]!);
  const moved = new Set<string>();
  for (const id of seq) if (!kept.has(id)) moved.add(id);
  return moved;
}

/** The items before `index` in `list`, nearest first: where an item stood, as its predecessors. */
export function anchorsAt(list: readonly string[], index: number): string[] {
  return list.slice(0, Math.max(0, index)).reverse();
}

/**
 * `list` with `id` placed right after the nearest of its anchors that `list` holds; when it holds none, first: every
 * item that stood before it on the side it comes from is missing here, so first keeps its order with what both share.
 * `id` is taken out of `list` first. A new array; `list` is left alone.
 */
export function placedAfter(list: readonly string[], id: string, anchors: readonly string[]): string[] {
  const out = list.filter((x) => x !== id);
  const index = new Map<string, number>();
  out.forEach((x, i) => index.set(x, i));
  let at = 0;
  for (const anchor of anchors) {
    const i = index.get(anchor);
    if (i !== undefined) {
      at = i + 1;
      break;
    }
  }
  out.splice(at, 0, id);
  return out;
}
