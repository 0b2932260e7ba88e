import { createElement, Fragment, type ReactNode } from 'react';
import { ltrRuns } from '@rides/contract';

/**
 * The pieces of a user's text as React nodes: its phone numbers and codes in <span dir="ltr"> (isolated by
 * global.css), so "+972 55-123-4567" and "ABC-123" keep their order inside a Hebrew sentence (decision 0044).
 */
export function isolatedRuns(text: string): ReactNode {
  const runs = ltrRuns(text);
  if (runs.length === 0) return text;
  const out: ReactNode[] = [];
  let at = 0;
  runs.forEach(([a, b], i) => {
    if (a > at) out.push(text.slice(at, a));
    out.push(createElement('span', { key: i, dir: 'ltr' }, text.slice(a, b)));
    at = b;
  });
  if (at < text.length) out.push(text.slice(at));
  return createElement(Fragment, null, ...out);
}
