import { useCallback, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TripLiveChange, TripPresenceUser } from '@rides/contract';
import { decodeTokenPayload } from '../../../../lib/session';
import { useSession } from '../../../../lib/session-store';
import { showToast } from '../../../../lib/toast';
import { useTripLive } from '../lib/use-trip-live';
import { useSlots } from '../../together/slots';

/**
 * The trip page's live part (issue 33 point 2, decision 0064): keeps the page current (use-trip-live.ts), shows who
 * else has the trip open and which day they look at (avatars beside the title), and says briefly who changed what.
 */
export interface TripLiveProps {
  rideId: number;
  /** The trip's days, in order (a day's number is its place here); Day.dateTime is "DD/MM/YYYY 00:00" or null. */
  days: readonly { dateTime: string | null }[];
  /** The index of the day in view, if any. */
  focused: number | null | undefined;
}

const CHANGE_TYPES = [
  'trip',
  'days',
  'activities',
  'stays',
  'texts',
  'members',
  'comments',
  'votes',
  'lists',
] as const;
type ChangeType = (typeof CHANGE_TYPES)[number];
const isChangeType = (t: string): t is ChangeType => (CHANGE_TYPES as readonly string[]).includes(t);

// Inline styles: a CSS module would be one more file the trip page's first chunk names (it is at its size bar).
const ROW = { display: 'inline-flex', alignItems: 'center', gap: 4, flex: 'none', minInlineSize: 0 } as const;
const AVATAR = {
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: 26,
  blockSize: 26,
  borderRadius: '50%',
  fontSize: 11,
  fontWeight: 600,
  background: 'var(--mantine-color-brand-light)',
  color: 'var(--mantine-color-brand-light-color)',
  border: '2px solid var(--mantine-color-body)',
} as const;
const CAPTION = {
  fontSize: 'var(--mantine-font-size-xs)',
  color: 'var(--mantine-color-dimmed)',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxInlineSize: '14rem',
} as const;

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase() || '?';

/** A day's date as YYYY-MM-DD ('' when the trip's dates are hidden). */
const isoOf = (dateTime: string | null) =>
  /^(\d{2})\/(\d{2})\/(\d{4})/
    .exec(dateTime ?? '')
    ?.slice(1)
    .reverse()
    .join('-') ?? '';

export default function TripLive({ rideId, days: tripDays, focused }: TripLiveProps) {
  const { t } = useTranslation();
  const days = useMemo(() => tripDays.map((d) => isoOf(d.dateTime)), [tripDays]);
  const session = useSession();
  const token = session?.token ?? null;
  const day = focused != null ? days[focused] || null : null;

  const onOthersChange = useCallback(
    (change: TripLiveChange) => {
      // The costs follow in place when open; a toast would tell the page's other readers the trip's money moved.
      if (change.type === 'money') return;
      const name = change.userName || t('live.someone');
      const type = isChangeType(change.type) ? change.type : 'trip';
      const touched = Array.isArray(change.target.days) ? (change.target.days as unknown[]) : [];
      const index = touched.length === 1 ? days.indexOf(String(touched[0])) : -1;
      showToast({
        id: `live-${rideId}`,
        message:
          index >= 0
            ? t(`live.changedOnDay.${type}`, { name, day: index + 1 })
            : t(`live.changed.${type}`, { name }),
        autoClose: 4_000,
      });
    },
    [t, days, rideId],
  );

  const presence = useTripLive({ rideId, token, day, onOthersChange });
  // Everyone but this page's own user (their other tabs and devices too): by id, since two people may share a name.
  const myId = (token ? decodeTokenPayload(token) : null)?.user_id ?? null;
  const others = presence.filter((p) => p.userId !== myId);
  // The day headers on the page (the comments' slots, found the same way): each shows who is looking at it.
  const daySlots = useSlots(rideId).filter((s) => s.type === 'day');
  if (others.length === 0) return null;
  const label = (p: TripPresenceUser) => {
    const n = p.day ? days.indexOf(p.day) : -1;
    return n >= 0 ? t('live.presence.onDay', { name: p.name, day: n + 1 }) : p.name;
  };
  const avatar = (p: TripPresenceUser, testId: string) => (
    <span
      key={p.userId}
      style={AVATAR}
      title={label(p)}
      aria-label={label(p)}
      role="img"
      data-testid={testId}
    >
      {initials(p.name)}
    </span>
  );
  return (
    <div style={ROW} role="group" aria-label={t('live.presence.label')}>
      {others.slice(0, 5).map((p) => avatar(p, 'live-presence-user'))}
      {others.length > 5 && <span style={AVATAR}>+{others.length - 5}</span>}
      <span style={CAPTION}>
        {others.length === 1 && others[0]
          ? label(others[0])
          : t('live.presence.count', { count: others.length })}
      </span>
      {daySlots.map((slot) => {
        const here = others.filter((p) => p.day === slot.id);
        if (here.length === 0) return null;
        // data-together: the slots' observer does not look for cards again when these change.
        return createPortal(
          <span
            data-together
            style={{ ...ROW, marginInlineStart: 'auto' }}
            role="group"
            aria-label={t('live.presence.onThisDay', { names: here.map((p) => p.name).join(', ') })}
          >
            {here.slice(0, 3).map((p) => avatar(p, 'live-presence-day'))}
            {here.length > 3 && <span style={AVATAR}>+{here.length - 3}</span>}
          </span>,
          slot.element,
          `presence-${slot.id}`,
        );
      })}
    </div>
  );
}
