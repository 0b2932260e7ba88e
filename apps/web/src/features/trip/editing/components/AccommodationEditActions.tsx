import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconEdit, IconHomePlus } from '@tabler/icons-react';
import type { AccommodationWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { stayEditPath } from '../../../../lib/screen-paths';
import { ConfirmModal } from './ConfirmModal';

interface AccommodationEditActionsProps {
  rideId: number;
  stay: AccommodationWire;
  /** The trip is a copy (based_ride_id): its suggestions are the original trip's stays, booked in place of. */
  isCopy: boolean;
  /** A manager who is author goes straight on (000 §2: the message is for a non-manager author). */
  isManager: boolean;
}

/**
 * The author's button on the accommodation card (000 §2 "enter accommodation details, edit"): a booking, or any stay
 * of an original trip, is edited; a copy's suggestion (not booked yet) is booked in place of, after the message
 * unbooked_accommodation_info for a non-manager author (000 §2 "Clicking an unbooked accommodation"; its text is in
 * this lazy group, not the core: only an author can see it).
 */
export default function AccommodationEditActions({ rideId, stay, isCopy, isManager }: AccommodationEditActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const to = stayEditPath(rideId, stay, isCopy);
  const unbooked = isCopy && stay.status !== 'booked';

  if (!unbooked) {
    return (
      <Button
        component={Link}
        to={to}
        variant="default"
        size="compact-md"
        leftSection={<IconEdit size={16} aria-hidden />}
        aria-label={t('tripEditing.accommodation.editLabel', { name: stay.name })}
      >
        {t('tripEditing.accommodation.edit')}
      </Button>
    );
  }
  const label = t('tripEditing.accommodation.enterDetailsLabel', { name: stay.name });
  return (
    <>
      {isManager ? (
        <Button component={Link} to={to} size="compact-md" leftSection={<IconHomePlus size={16} aria-hidden />} aria-label={label}>
          {t('tripEditing.accommodation.enterDetails')}
        </Button>
      ) : (
        <Button
          size="compact-md"
          leftSection={<IconHomePlus size={16} aria-hidden />}
          aria-label={label}
          aria-haspopup="dialog"
          onClick={() => setAsking(true)}
        >
          {t('tripEditing.accommodation.enterDetails')}
        </Button>
      )}
      {asking && (
        <ConfirmModal
          title={t('tripEditing.accommodation.unbookedTitle')}
          confirmLabel={t('tripEditing.accommodation.continue')}
          onConfirm={() => void navigate(to)}
          onClose={() => setAsking(false)}
        >
          {t('tripEditing.accommodation.unbooked_accommodation_info')}
        </ConfirmModal>
      )}
    </>
  );
}
