import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBike, IconBus, IconCar, IconWalk } from '@tabler/icons-react';
import { isolateUserText, LEG_MODES, type LegMode } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { useTripAttractions } from '../data/trip-attractions';
import { InBox } from '../shared/InBox';
import { usePageParts } from '../together/slots';
import { ChecksLayer } from '../checks/ChecksLayer';
import { legsQuery, storedLegMode, storeLegMode } from './api';
import { formatDayTotal, formatLeg } from './format';
import { placeLegs, type ArrivingLeg, type DayLegsOnPage } from './place';
import classes from './Legs.module.css';

const MODE_ICONS: Record<LegMode, typeof IconWalk> = {
  walk: IconWalk,
  drive: IconCar,
  bike: IconBike,
  transit: IconBus,
};

/**
 * The legs between a day's stops on the trip page (issue 36 point 1, decision 0071), for every viewer, all of it lazy:
 * loaded after the page, it reads the trip's legs in the chosen mode (kept per trip on the device, driving unless
 * chosen) and puts into the page's parts (together/slots.ts), through portals: on each card the leg that reaches it
 * ("12 min walk · 900 m", "estimate" when it is), in each day's header the day's total, the mode to switch and the stops
 * left out for lack of a place; the leg to the night's stay on its card, or at the end of the day when its card is on
 * another day. The query's key is under the trip's read, so every change of the trip reads the legs again. Until the
 * answer comes (and offline) the contract's estimate of the trip the page holds stands in: what the server answers
 * with no routing service.
 */
export default function LegsLayer({ rideId }: { rideId: number }) {
  const days = useTripAttractions(rideId).data?.attractionsByDay;
  const [mode, setMode] = useState<LegMode>(() => storedLegMode(rideId));
  const choose = useCallback(
    (next: LegMode) => {
      setMode(next);
      storeLegMode(rideId, next);
    },
    [rideId],
  );
  // Asked once the page has the trip (a reader who may not view it has no days to show them on).
  const legs = useQuery({ ...legsQuery(rideId, mode), enabled: days !== undefined });
  // Until the answer comes, or when it cannot (offline): every leg the estimate (placeLegs).
  const answer = legs.data;
  const placed = useMemo(
    () => (days ? placeLegs(days, answer ?? { mode, days: [] }) : null),
    [days, answer, mode],
  );
  const parts = usePageParts();
  if (!placed) return null;

  const out: ReactNode[] = [];
  for (const card of parts.cards) {
    const day = card.dayIndex === null ? undefined : placed.get(card.dayIndex);
    const arriving =
      card.kind === 'activity'
        ? day?.toActivity.get(card.position ?? -1)
        : day?.toNight?.stayId === card.id
          ? day.toNight
          : undefined;
    if (arriving)
      out.push(
        <InBox
          key={`${card.kind}:${card.id}:${card.dayIndex}:${card.position}`}
          parent={card.body}
          at="start"
          layer="legs"
          className={classes.atStart}
        >
          <LegLine arriving={arriving} />
        </InBox>,
      );
  }
  for (const dayOnPage of parts.days) {
    const day = placed.get(dayOnPage.index);
    if (!day || (day.legCount === 0 && day.skipped === 0)) continue;
    out.push(
      createPortal(
        <DayLegs day={day} mode={mode} onMode={choose} dayLabel={dayOnPage.label} />,
        dayOnPage.header,
        `day:${dayOnPage.index}`,
      ),
    );
    const night = day.toNight;
    const nightCardHere = parts.cards.some(
      (c) => c.kind === 'stay' && c.dayIndex === dayOnPage.index && c.id === night?.stayId,
    );
    if (night && !nightCardHere && dayOnPage.items)
      out.push(createPortal(<NightLine night={night} />, dayOnPage.items, `night:${dayOnPage.index}`));
  }
  return (
    <>
      {out}
      <ChecksLayer rideId={rideId} mode={mode} days={days} parts={parts} />
    </>
  );
}

function EstimateTag() {
  const { t } = useTranslation();
  return (
    <span className={classes.estimate} title={t('legs.estimateHint')}>
      {t('legs.estimate')}
    </span>
  );
}

/** On a card: how long the way here from the previous stop takes. */
function LegLine({ arriving }: { arriving: ArrivingLeg }) {
  const { t, i18n } = useTranslation();
  const { leg, from } = arriving;
  const Icon = MODE_ICONS[leg.mode];
  return (
    <p className={classes.line} data-testid="leg-line" data-source={leg.source}>
      <Icon size={16} aria-hidden className={classes.icon} />
      {from && <VisuallyHidden>{t('legs.from', { place: isolateUserText(from) })} </VisuallyHidden>}
      <span>{formatLeg(leg, leg.mode, t, i18n.language)}</span>
      {leg.source === 'estimate' && <EstimateTag />}
    </p>
  );
}

/** At the end of a day whose night's stay has its card on another day: the way there. */
function NightLine({ night }: { night: NonNullable<DayLegsOnPage['toNight']> }) {
  const { t, i18n } = useTranslation();
  const Icon = MODE_ICONS[night.leg.mode];
  return (
    <p data-legs className={classes.line} data-testid="leg-line-night" data-source={night.leg.source}>
      <Icon size={16} aria-hidden className={classes.icon} />
      <span>
        {t('legs.toNight', {
          place: isolateUserText(night.stayName),
          line: formatLeg(night.leg, night.leg.mode, t, i18n.language),
        })}
      </span>
      {night.leg.source === 'estimate' && <EstimateTag />}
    </p>
  );
}

/** In a day's header: the mode (the trip's, for every day), the day's total in it, the stops left out. */
function DayLegs({
  day,
  mode,
  onMode,
  dayLabel,
}: {
  day: DayLegsOnPage;
  mode: LegMode;
  onMode: (mode: LegMode) => void;
  dayLabel: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div data-legs className={classes.day} data-testid="day-legs">
      <ModeSwitch
        mode={mode}
        onMode={onMode}
        label={dayLabel ? `${t('legs.modes.label')} (${dayLabel})` : t('legs.modes.label')}
      />
      {day.legCount > 0 && (
        <span className={classes.total}>
          <span data-testid="day-legs-total">{formatDayTotal(day.totals, mode, t, i18n.language)}</span>
          {day.estimate && <EstimateTag />}
        </span>
      )}
      {day.skipped > 0 && (
        <span className={classes.skipped} data-testid="day-legs-skipped">
          {t('legs.skipped', { count: day.skipped })}
        </span>
      )}
    </div>
  );
}

/**
 * The four modes as one radio group of icons, each named for screen readers and on hover. Plain radios (each covering
 * its icon) rather than Mantine's SegmentedControl, whose sliding indicator measures itself once and is left behind
 * when the header around it moves (a day's header changes as the page's layers fill it).
 */
function ModeSwitch({
  mode,
  onMode,
  label,
}: {
  mode: LegMode;
  onMode: (mode: LegMode) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.modes} data-testid="legs-mode">
      {LEG_MODES.map((m) => {
        const Icon = MODE_ICONS[m];
        return (
          <label
            key={m}
            className={classes.mode}
            title={t(`legs.modes.${m}`)}
            data-active={m === mode || undefined}
          >
            <input
              type="radio"
              name={name}
              value={m}
              checked={m === mode}
              onChange={() => onMode(m)}
              className={classes.modeInput}
            />
            <Icon size={18} aria-hidden />
            <VisuallyHidden>{t(`legs.modes.${m}`)}</VisuallyHidden>
          </label>
        );
      })}
    </div>
  );
}
