import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Renders its children into `parent` in a box of its own, first (`at="start"`) or last: how the trip page's lazy
 * layers (the legs, the day's warnings) add a line to a card or a day the page rendered, without the page knowing them
 * (together/slots.ts). The box carries the layer's data attribute, so the page's scan ignores changes inside it.
 */
export function InBox({
  parent,
  at,
  layer,
  className,
  children,
}: {
  parent: Element;
  at: 'start' | 'end';
  /** The layer's data attribute: 'legs', 'checks'. */
  layer: string;
  className?: string;
  children: ReactNode;
}) {
  const [box] = useState(() => {
    const div = document.createElement('div');
    div.setAttribute(`data-${layer}`, '');
    if (className) div.className = className;
    return div;
  });
  useLayoutEffect(() => {
    if (at === 'start') parent.prepend(box);
    else parent.append(box);
    return () => box.remove();
  }, [parent, box, at]);
  return createPortal(children, box);
}
