import { useMemo } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import heLocale from '@fullcalendar/core/locales/he';
import type {
  CalendarOptions,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventInput,
} from '@fullcalendar/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DateClickArg, EventLeaveArg, EventReceiveArg } from '@fullcalendar/interaction';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  activityEnd,
  activityStart,
  inTrip,
  isoOf,
  phoneRange,
  PHONE_DAYS,
  PHONE_QUERY,
  tripMonths,
  type ActivityEvent,
  type NoStayEvent,
  type StayEvent,
  type TripRange,
} from '../lib/calendar-events';
import classes from './TripCalendar.module.css';
import { UserText } from '../../../../components/UserText';

interface TripCalendarProps {
  range: TripRange;
  activities: readonly ActivityEvent[];
  stays: readonly StayEvent[];
  /** Nights with no stay planned (issue 6): red bars. */
  noStay?: readonly NoStayEvent[];
  /** A click on a night without a stay (its first night, 0-based): add accommodation there. */
  onNoStay?: (firstNight: number) => void;
  /** An activity was dropped on a day (ISO). Answers false when refused at once (outside the trip): the drop reverts. */
  onMove: (activity: ActivityEvent, date: string) => boolean;
  /** The clock of an activity (or Enter on it): set its time. */
  onClock: (activity: ActivityEvent) => void;
  /**
   * A manager author's "attraction manager options" (000 §2 "Managers who are authors get attraction-manager options
   * in the calendar"): a click on an activity, or Enter on it, opens them; the clock still sets the time at once.
   */
  onOptions?: (activity: ActivityEvent) => void;
  /** A day was clicked (ISO). */
  onDay: (date: string) => void;
}

const STAY_COLOURS = { booked: '#2f7d32', notBooked: '#c2410c', none: '#b42318' } as const;

/**
 * The trip's months as FullCalendar month grids (000 §2 "Calendar view"); on a phone a few days at a time from the
 * trip's first day instead (phoneRange). Hebrew and right to left in Hebrew, weeks
 * from Sunday, in UTC (a trip's dates are calendar dates: no time zone may move them). Activities are 30-second events
 * that drag between days, also from one month's grid to another's; stays are all-day bars, green "booked" or orange
 * "not booked", not draggable. Everything shown comes from the props: a drop is reported, and the parent's data (the
 * cached trip, moved at once and put back on a refusal) is what the grids then show. Loaded lazily, its own chunk.
 */
export default function TripCalendar({ range, activities, stays, noStay = [], onNoStay, onMove, onClock, onOptions, onDay }: TripCalendarProps) {
  const { t, i18n } = useTranslation();
  const hebrew = i18n.language === 'he';
  const months = useMemo(() => tripMonths(range), [range]);
  const byId = useMemo(() => new Map(activities.map((a) => [a.id, a])), [activities]);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;

  const events = useMemo<EventInput[]>(
    () => [
      ...stays.map((s) => ({
        id: s.id,
        title: s.title,
        start: s.start,
        end: s.end,
        allDay: true,
        editable: false,
        backgroundColor: s.booked ? STAY_COLOURS.booked : STAY_COLOURS.notBooked,
        borderColor: s.booked ? STAY_COLOURS.booked : STAY_COLOURS.notBooked,
        textColor: '#ffffff',
        extendedProps: { kind: 'stay', booked: s.booked, order: -1 },
      })),
      ...noStay.map((n) => ({
        id: n.id,
        title: '',
        start: n.start,
        end: n.end,
        allDay: true,
        editable: false,
        backgroundColor: STAY_COLOURS.none,
        borderColor: STAY_COLOURS.none,
        textColor: '#ffffff',
        extendedProps: { kind: 'noStay', firstNight: n.firstNight, order: -1 },
      })),
      ...activities.map((a) => ({
        id: a.id,
        title: a.title,
        start: activityStart(a),
        end: activityEnd(a),
        allDay: false,
        editable: true,
        extendedProps: { kind: 'activity', order: a.order },
      })),
    ],
    [activities, stays, noStay],
  );

  const renderEvent = (arg: EventContentArg) => {
    if (arg.event.extendedProps.kind === 'noStay') {
      return <span className={classes.stay}>{t('tripCalendar.noStay')}</span>;
    }
    if (arg.event.extendedProps.kind === 'stay') {
      const booked = arg.event.extendedProps.booked === true;
      return (
        <span className={classes.stay}>
          <UserText>{arg.event.title}</UserText> ·{' '}
          {booked ? t('tripCalendar.booked') : t('tripCalendar.notBooked')}
        </span>
      );
    }
    const a = byId.get(arg.event.id);
    return (
      <span className={classes.activity}>
        <span className={classes.clock} data-clock title={t('tripCalendar.setTime')}>
          <IconClock size={14} aria-hidden />
        </span>
        {a?.clock && <bdi className={classes.time}>{a.clock}</bdi>}
        <UserText className={classes.title}>{arg.event.title}</UserText>
      </span>
    );
  };

  const moved = (id: string, start: Date | null, revert: () => void) => {
    const a = byId.get(id);
    if (!a || !start) return revert();
    const date = isoOf(start);
    if (date === a.date || !onMove(a, date)) revert();
  };

  // What every grid shares: the events, their drawing, drops, clicks and the day cells.
  const shared: CalendarOptions = {
    plugins: [dayGridPlugin, interactionPlugin],
    locales: [heLocale],
    locale: hebrew ? 'he' : 'en',
    direction: hebrew ? 'rtl' : 'ltr',
    firstDay: 0,
    timeZone: 'UTC',
    height: 'auto',
    dayMaxEvents: false,
    displayEventTime: false,
    editable: true,
    droppable: true,
    eventDurationEditable: false,
    eventStartEditable: true,
    eventInteractive: true,
    events,
    eventOrder: 'order,title',
    eventContent: renderEvent,
    eventClassNames: (arg) =>
      arg.event.extendedProps.kind === 'activity' ? [classes.activityEvent ?? ''] : [classes.stayEvent ?? ''],
    eventDidMount: (arg) => {
      const a = byId.get(arg.event.id);
      const label = onOptions ? 'tripCalendar.activityLabelOptions' : 'tripCalendar.activityLabel';
      if (a)
        arg.el.setAttribute(
          'aria-label',
          t(label, { title: a.title, time: a.clock ?? t('tripCalendar.noTime') }),
        );
    },
    eventClick: (arg: EventClickArg) => {
      arg.jsEvent.preventDefault();
      if (arg.event.extendedProps.kind === 'noStay') {
        onNoStay?.(Number(arg.event.extendedProps.firstNight));
        return;
      }
      const a = byId.get(arg.event.id);
      if (!a) return;
      const onClockIcon =
        arg.jsEvent.target instanceof Element && arg.jsEvent.target.closest('[data-clock]') !== null;
      if (onOptions && !onClockIcon) onOptions(a);
      else onClock(a);
    },
    eventDrop: (arg: EventDropArg) => moved(arg.event.id, arg.event.start, arg.revert),
    // From another month's grid: this grid shows it from the parent's data, not as a copy of its own.
    eventReceive: (arg: EventReceiveArg) => {
      const id = arg.event.id;
      const start = arg.event.start;
      arg.event.remove();
      moved(id, start, () => undefined);
    },
    // The grid it left keeps showing it until the parent's data moves it (or, refused, never does).
    eventLeave: (arg: EventLeaveArg) => arg.revert(),
    dateClick: (arg: DateClickArg) => onDay(isoOf(arg.date)),
    navLinks: true,
    navLinkDayClick: (date) => onDay(isoOf(date)),
    dayCellClassNames: (arg) =>
      inTrip(range, isoOf(arg.date)) ? [classes.inRange ?? ''] : [classes.outOfRange ?? ''],
  };

  // A phone: a few days side by side from the trip's first day, paged with the arrows and never before or after the
  // trip (a month grid there was cramped, with empty weeks before the trip). Drags work between the days shown; the
  // day-and-time dialog (the clock, or an activity's options) moves an activity to any day.
  if (phone)
    return (
      <section className={`${classes.month} ${classes.days}`} aria-label={t('tripCalendar.daysView')}>
        <FullCalendar
          {...shared}
          initialView="tripDays"
          views={{ tripDays: { type: 'dayGrid', duration: { days: PHONE_DAYS } } }}
          initialDate={range.start}
          validRange={phoneRange(range)}
          headerToolbar={{ start: 'prev', center: 'title', end: 'next' }}
          // Worded buttons: FullCalendar's chevron icons are role="img" without a name (axe: role-img-alt).
          buttonIcons={false}
          buttonText={{ prev: t('tripCalendar.prevDays'), next: t('tripCalendar.nextDays') }}
        />
      </section>
    );

  return (
    <div className={classes.months}>
      {months.map((month) => (
        <section key={month} className={classes.month} aria-label={monthName(month, i18n.language)}>
          <FullCalendar
            {...shared}
            initialView="dayGridMonth"
            initialDate={month}
            headerToolbar={{ start: 'title', center: '', end: '' }}
            fixedWeekCount={false}
            showNonCurrentDates={false}
          />
        </section>
      ))}
    </div>
  );
}

const monthName = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'he' ? 'he' : 'en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
