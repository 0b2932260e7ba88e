import { lazy, Suspense, useState } from 'react';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Tooltip.css';
import { Avatar, Button, Group, Tooltip } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session-store';
import { tripMembersQuery } from '../api/members';
import { initialsOf } from './initials';
import classes from './Members.module.css';

const MembersDialog = lazy(() => import('./MembersDialog'));

/** How many faces the trip's header shows before "+N". */
const FACES = 4;

/**
 * The trip's people beside its title (issue 33 point 1): their initials in circles, and the owner's "Share and invite"
 * button (a member's "People") that opens the dialog. Asks the server who they are; someone who is none of the trip's
 * people (403) sees nothing, as a visitor does.
 */
export default function TripPeople({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const viewer = session?.token ?? null;
  const people = useQuery({ ...tripMembersQuery(rideId, viewer ?? ''), enabled: viewer !== null });
  const [open, setOpen] = useState(false);
  const data = people.data;
  if (!viewer || !data) return null;
  const owner = data.myRole === 'owner';
  const shown = data.members.slice(0, FACES);
  const more = data.members.length - shown.length;
  return (
    <Group gap="xs" wrap="nowrap" className={classes.people}>
      <Tooltip.Group openDelay={300}>
        <Avatar.Group spacing={4} aria-label={t('members.avatarsLabel')} role="group">
          {shown.map((p) => (
            <Tooltip key={p.userId} label={p.name} withArrow>
              <Avatar size={30} radius="xl" color="brand" alt={p.name}>
                {initialsOf(p.name)}
              </Avatar>
            </Tooltip>
          ))}
          {more > 0 && (
            <Avatar size={30} radius="xl" color="brand" aria-label={t('members.morePeople', { count: more })}>
              +{more}
            </Avatar>
          )}
        </Avatar.Group>
      </Tooltip.Group>
      <Button
        variant={owner ? 'filled' : 'light'}
        size="compact-md"
        leftSection={owner ? <IconUserPlus size={16} aria-hidden /> : <IconUsers size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {owner ? t('members.share') : t('members.people')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MembersDialog rideId={rideId} viewer={viewer} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Group>
  );
}
