import { useCallback, useMemo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { stayOfDay, type LegMode, type TripDay } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { InBox } from '../shared/InBox';
import type { PageParts } from '../together/slots';
import { checksQuery } from './api';
import { cardKey, placeWarnings } from './place';
import { briefWords, dayHolidayWords, warningWords, type NameOf, type WarningWords } from './words';
import classes from './Checks.module.css';

/**
 * The day's warnings on the trip page (issue 36 point 3, decision 0073), for every reader, rendered by the legs' layer
 * (the same lazy chunk, and the same mode: a leg's time is part of several warnings). It reads the trip's warnings in
 * that mode and puts them into the page's parts: on an activity's card what is wrong with it (closed, a holiday, an
 * overlap, no time to get there) and what to do; in the day's header how many things to check; at the top of the day's
 * list what is about the whole day (too long, far from the night's stay). The query's key is under the trip's read,
 * so the warnings follow every change of the trip, the reader's own and, live, the others'.
 */
export function ChecksLayer({
  rideId,
  mode,
  days,
  parts,
}: {
  rideId: number;
  mode: LegMode;
  days: readonly TripDay[] | undefined;
  parts: PageParts;
}) {
  const { t, i18n } = useTranslation();
  // Whose warnings: a day too long is the reader's own limit's (rule 107).
  const viewer = useSession()?.token ?? null;
  const checks = useQuery({ ...checksQuery(rideId, mode, viewer), enabled: days !== undefined });
  const placed = useMemo(() => placeWarnings(checks.data?.warnings ?? []), [checks.data]);
  const names = useMemo(() => namesOf(days ?? []), [days]);
  const nameOf = useCallback<NameOf>((kind, id) => names.get(`${kind}:${id}`), [names]);
  if (!checks.data || checks.data.warnings.length === 0) return null;

  const out: ReactNode[] = [];
  for (const card of parts.cards) {
    if (card.kind !== 'activity' || card.dayIndex === null) continue;
    const warnings = placed.onCards.get(cardKey(card.dayIndex, card.id));
    if (warnings)
      out.push(
        <InBox
          key={`card:${card.dayIndex}:${card.id}:${card.position}`}
          parent={card.body}
          at="end"
          layer="checks"
        >
          <WarningList
            items={warnings.map(({ warning, brief }) => ({
              code: warning.code,
              words: brief ? briefWords(warning, t) : warningWords(warning, t, i18n.language, nameOf),
            }))}
          />
        </InBox>,
      );
  }
  for (const day of parts.days) {
    const count = placed.countByDay.get(day.index);
    if (!count) continue;
    out.push(
      createPortal(
        <span data-checks className={classes.count} data-testid="day-checks-count">
          <IconAlertTriangle size={16} aria-hidden />
          {t('checks.count', { count })}
        </span>,
        day.header,
        `count:${day.index}`,
      ),
    );
    const own = placed.onDays.get(day.index);
    if (own && day.items)
      out.push(
        <InBox key={`day:${day.index}`} parent={day.items} at="start" layer="checks">
          <WarningList
            heading={t('checks.heading')}
            items={own.map(({ warning, activityIds }) => ({
              code: warning.code,
              words:
                activityIds.length > 0
                  ? dayHolidayWords(warning, activityIds, t, i18n.language, nameOf)
                  : warningWords(warning, t, i18n.language, nameOf),
            }))}
          />
        </InBox>,
      );
  }
  return <>{out}</>;
}

/** The trip's places by kind and id, for the warnings that name another stop. */
function namesOf(days: readonly TripDay[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const day of days) {
    for (const a of day.daily_attractions) names.set(`attraction:${a.id}`, a.title);
    const stay = stayOfDay(day);
    if (stay) names.set(`stay:${stay.id}`, stay.name);
  }
  return names;
}

function WarningList({
  items,
  heading,
}: {
  items: { code: string; words: WarningWords }[];
  heading?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.list} role="note" aria-label={heading ?? t('checks.label')}>
      {items.map(({ code, words }, i) => (
        <p key={`${code}:${i}`} className={classes.warning} data-testid="check-warning" data-code={code}>
          <IconAlertTriangle size={16} aria-hidden className={classes.icon} />
          <span>
            <span className={classes.problem}>{words.problem}</span>{' '}
            <span className={classes.advice}>{words.advice}</span>
          </span>
        </p>
      ))}
    </div>
  );
}
