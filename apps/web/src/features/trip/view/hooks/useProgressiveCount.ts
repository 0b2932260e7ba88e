import { startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How many items of a long list to render now: the first `first` at once, then `step` more in each following task,
 * after the previous ones are on screen. A 14-day trip is ~70 cards; rendered in one go they held a phone's main
 * thread for over a second before anything showed (issue 3: Lighthouse total blocking time). The reader sees the
 * first days at once and the rest is there within a few frames, long before they scroll to it.
 * `renderAll` renders everything synchronously: call it before jumping to an item that may not be rendered yet.
 */
export function useProgressiveCount(total: number, first = 2, step = 1) {
  const [count, setCount] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (count >= total) return;
    let timer = 0;
    // After the next paint (a frame, then a new task), so each step is its own short task. A hidden tab gets no
    // frames, so it goes straight to the task.
    const next = () => {
      timer = window.setTimeout(() => startTransition(() => setCount((c) => Math.min(total, c + step))), 0);
    };
    const frame = document.hidden ? 0 : requestAnimationFrame(next);
    if (frame === 0) next();
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [count, total, step]);
  const renderAll = useCallback(() => {
    flushSync(() => setCount(total));
  }, [total]);
  return { count: Math.min(count, total), complete: count >= total, renderAll };
}
