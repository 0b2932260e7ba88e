import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconGitPullRequest } from '@tabler/icons-react';
import { editsTripContent, isolateUserText } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-store';
import { local } from '../../../lib/storage';
import { useTripAttractions } from '../data/trip-attractions';
import { useTripHeader } from '../data/trip-header';
import { upstreamQuery } from './api';

const UpdatesPreview = lazy(() => import('./UpdatesPreview'));
/** A template's clients' copies and the push into them (issue 37 point 4): its own chunk, for a possible planner only. */
const CopiesPanel = lazy(() => import('./CopiesPanel'));

/** The trips whose "original removed" note this device has shown (it is said once, quietly). */
const REMOVED_SEEN_KEY = 'rides.updates.removedSeen.v1';
const KEPT_REMOVED = 200;

const removedSeen = (): number[] => {
  try {
    const raw: unknown = JSON.parse(local.get(REMOVED_SEEN_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
};

/**
 * The place of the banner: a box of its own, put right before the trip's summary (under the title, the sub-navigation
 * and the page's own notices), so the page's first JavaScript carries nothing for it. Made when the layer mounts,
 * taken away when it goes.
 */
function useBannerHost(): HTMLElement | null {
  // The layer renders in the browser only (lazy, after the page): the box is made with it.
  const [box] = useState(() => {
    const element = document.createElement('div');
    element.dataset.updates = '';
    return element;
  });
  const [placed, setPlaced] = useState(false);
  useEffect(() => {
    const summary = document.querySelector('section[aria-labelledby="trip-summary-heading"]');
    if (!summary?.parentElement) return;
    summary.parentElement.insertBefore(box, summary);
    // Rendered into once it is on the page (the portal's content is not laid out before).
    const frame = requestAnimationFrame(() => setPlaced(true));
    return () => {
      cancelAnimationFrame(frame);
      box.remove();
    };
  }, [box]);
  return placed ? box : null;
}

/**
 * A living copy's updates on its trip page (issue 37 point 2, decision 0075; rules 140-143), all of it lazy: loaded
 * after the page for signed-in readers, it asks upstream only for a reader who may edit the trip (the author, an
 * editor). Not a copy, or not theirs (404, 401, 403): nothing. Changes: "3 updates from the original", the original
 * named and linked, and "See the updates" opening the preview (its own chunk). The original removed: said once per
 * device, quietly. No changes: nothing. For a manager who may be the trip's planner, its clients' copies too (CopiesPanel).
 */
export default function UpdatesLayer({ rideId }: { rideId: number }) {
  const host = useBannerHost();
  const header = useTripHeader(rideId).data;
  // The template's planner is a manager who authors it or plans it (rule 135); anyone else's read of its copies is 403.
  const mayPlan =
    useSession()?.role === 'manager' &&
    header !== undefined &&
    (header.isAuthor || header.ride.ride_manager_id !== null);
  return (
    <>
      <CopyUpdates rideId={rideId} host={host} />
      {mayPlan &&
        host &&
        createPortal(
          <Suspense fallback={null}>
            <CopiesPanel rideId={rideId} />
          </Suspense>,
          host,
        )}
    </>
  );
}

/** The copy's own updates: the banner and the preview. */
function CopyUpdates({ rideId, host }: { rideId: number; host: HTMLElement | null }) {
  const { t } = useTranslation();
  const trip = useTripAttractions(rideId).data;
  const header = useTripHeader(rideId).data;
  const mayEdit =
    trip !== undefined &&
    header !== undefined &&
    editsTripContent({ isAuthor: header.isAuthor, role: header.role ?? null });
  const upstream = useQuery({ ...upstreamQuery(rideId), enabled: mayEdit });
  const [open, setOpen] = useState(false);
  const data = upstream.data;
  // "The original was removed" once per device: shown on this visit, not on the next.
  const [removedShown] = useState(() => !removedSeen().includes(rideId));
  const [removedClosed, setRemovedClosed] = useState(false);
  useEffect(() => {
    if (data?.originRemoved && removedShown)
      local.set(
        REMOVED_SEEN_KEY,
        JSON.stringify([rideId, ...removedSeen().filter((id) => id !== rideId)].slice(0, KEPT_REMOVED)),
      );
  }, [data?.originRemoved, removedShown, rideId]);

  if (!host || !data) return null;
  if (data.originRemoved) {
    if (!removedShown || removedClosed) return null;
    return createPortal(
      <Alert
        color="gray"
        variant="light"
        mt="md"
        withCloseButton
        closeButtonLabel={t('tripUpdates.banner.dismiss')}
        onClose={() => setRemovedClosed(true)}
        data-testid="updates-removed"
      >
        <Text size="sm">{t('tripUpdates.banner.removed')}</Text>
      </Alert>,
      host,
    );
  }
  const count = data.changes.length;
  if (count === 0 && !open) return null;
  return createPortal(
    <>
      {count > 0 && (
        <Alert
          color="brand"
          variant="light"
          mt="md"
          icon={<IconGitPullRequest size={20} aria-hidden />}
          title={t('tripUpdates.banner.count', { count })}
          data-testid="updates-banner"
          role="region"
          aria-label={t('tripUpdates.banner.count', { count })}
        >
          <Group gap="sm" justify="space-between" align="center" wrap="wrap">
            {data.originRideId !== null && data.originTitle !== null && (
              <Text size="sm">
                {t('tripUpdates.banner.original')}{' '}
                <Anchor component={Link} to={paths.trip(data.originRideId)} inherit>
                  {isolateUserText(data.originTitle)}
                </Anchor>
              </Text>
            )}
            <Button size="compact-md" onClick={() => setOpen(true)} aria-haspopup="dialog">
              {t('tripUpdates.banner.see')}
            </Button>
          </Group>
        </Alert>
      )}
      {open && (
        <Suspense fallback={null}>
          <UpdatesPreview rideId={rideId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>,
    host,
  );
}
