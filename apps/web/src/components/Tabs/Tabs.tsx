import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import classes from './Tabs.module.css';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  className?: string;
}

/**
 * Tabs as the WAI-ARIA pattern has them: a tablist of buttons (the selected one in the tab order, the others reached
 * with the arrow keys, Home and End, which also select), and one tabpanel holding the selected tab's content (only
 * it is rendered). Ours rather than Mantine's: the trip page's summary uses it, and Mantine's Tabs cost that page
 * ~2.5 KB gzip of script for the same thing (issue 3: initial JavaScript). Arrow keys follow the reading direction.
 */
export function Tabs<T extends string>({
  value,
  onChange,
  tabs,
  label,
  listClassName,
  panelClassName,
  children,
}: {
  value: T;
  onChange: (value: T) => void;
  tabs: readonly TabItem<T>[];
  /** The tablist's name, when the tabs' own labels do not say what they switch. */
  label?: string;
  listClassName?: string;
  panelClassName?: string;
  /** The selected tab's panel content. */
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (v: T) => `${id}-tab-${v}`;

  const select = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.value);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(next.value))}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.value === value);
    const rtl = list.current ? getComputedStyle(list.current).direction === 'rtl' : false;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    const target =
      event.key === forward
        ? current + 1
        : event.key === backward
          ? current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className={[classes.list, listClassName].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              className={[classes.tab, tab.className].filter(Boolean).join(' ')}
              onClick={() => onChange(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className={[classes.panel, panelClassName].filter(Boolean).join(' ')}
      >
        {children}
      </div>
    </div>
  );
}
