import { Button } from '@mantine/core';
import { IconCopy, IconKey, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../lib/paths';
import { useWrite } from '../../../../lib/use-write';
import { duplicateTrip } from '../api/access-keys';

/**
 * The planner's tools in a private trip's header (000 §2 header, §6): "show registration link" (the access page) and a
 * one-time link for the author or planner; "duplicate" for a manager who authors it (add_ride_to_user_api by the author
 * makes a new private trip, decision 0015). What shows is the contract's tripAbilities, decided by the trip page.
 * Its own chunk: loaded only on a private trip its planner opens.
 */
export default function PlannerTripTools({
  rideId,
  registrationLink,
  duplicate,
}: {
  rideId: number;
  registrationLink: boolean;
  duplicate: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, busy } = useWrite();

  const makeDuplicate = async () => {
    const res = await run(() => duplicateTrip(rideId), {
      success: () => ({ id: `duplicated-${rideId}`, message: t('accessKeys.tools.duplicated') }),
      failure: { id: `duplicate-error-${rideId}`, autoClose: undefined },
    });
    if (res) void navigate(paths.trip(res.newRideId));
  };

  return (
    <>
      {registrationLink && (
        <>
          <Button
            component={Link}
            to={paths.accessKey(rideId)}
            variant="light"
            size="compact-md"
            leftSection={<IconKey size={16} aria-hidden />}
            style={{ flex: 'none' }}
          >
            {t('accessKeys.tools.registrationLink')}
          </Button>
          <Button
            component={Link}
            to={paths.oneTimeKey(rideId)}
            variant="default"
            size="compact-md"
            leftSection={<IconLink size={16} aria-hidden />}
            style={{ flex: 'none' }}
          >
            {t('accessKeys.tools.oneTime')}
          </Button>
        </>
      )}
      {duplicate && (
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconCopy size={16} aria-hidden />}
          loading={busy}
          onClick={() => void makeDuplicate()}
          style={{ flex: 'none' }}
        >
          {t('accessKeys.tools.duplicate')}
        </Button>
      )}
    </>
  );
}
