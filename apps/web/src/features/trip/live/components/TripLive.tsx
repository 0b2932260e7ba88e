import { useCallback } from 'react';
import { Avatar, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TripLiveChange, TripPresenceUser } from '@rides/contract';
import { useSession } from '../../../../lib/session-store';
import { showToast } from '../../../../lib/toast';
import { useTripLive } from '../lib/use-trip-live';
import classes from './TripLive.module.css';

/**
 * The trip page's live part (issue 33 point 2, decision 0064): keeps the page current (use-trip-live.ts), shows who
 * else has the trip open and which day they look at (avatars beside the title), and says briefly who changed what.
 */
export interface TripLiveProps {
  rideId: number;
  /** The trip's days, YYYY-MM-DD, in order (a day's number is its place here). */
  days: string[];
  /** The index of the day in view, if any. */
  focused: number | null;
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

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase() || '?';

export default function TripLive({ rideId, days, focused }: TripLiveProps) {
  const { t } = useTranslation();
  const session = useSession();
  const token = session?.token ?? null;
  const day = focused !== null ? (days[focused] ?? null) : null;

  const onOthersChange = useCallback(
    (change: TripLiveChange) => {
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
  // Everyone but this page's own user (whose session name is theirs).
  const others = presence.filter((p) => p.name !== session?.userName);
  if (others.length === 0) return null;
  const label = (p: TripPresenceUser) => {
    const n = p.day ? days.indexOf(p.day) : -1;
    return n >= 0 ? t('live.presence.onDay', { name: p.name, day: n + 1 }) : p.name;
  };
  return (
    <div className={classes.presence} role="group" aria-label={t('live.presence.label')}>
      <Avatar.Group spacing="xs">
        {others.slice(0, 5).map((p) => (
          <Tooltip key={p.userId} label={label(p)} withArrow>
            <Avatar
              size="sm"
              radius="xl"
              color="brand"
              aria-label={label(p)}
              data-testid="live-presence-user"
            >
              {initials(p.name)}
            </Avatar>
          </Tooltip>
        ))}
        {others.length > 5 && (
          <Avatar size="sm" radius="xl">
            +{others.length - 5}
          </Avatar>
        )}
      </Avatar.Group>
      <span className={classes.caption}>
        {others.length === 1 && others[0]
          ? label(others[0])
          : t('live.presence.count', { count: others.length })}
      </span>
    </div>
  );
}
