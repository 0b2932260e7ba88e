import { Button } from '@mantine/core';
import { IconBed, IconHome, IconNote, IconPhotoPlus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './EditActions.module.css';
import { paths } from '../../../../lib/paths';

/**
 * The author's links to the extra information form (001 §2) under the general-information sections: "add general
 * info" for the author of a base trip or a manager who is author (000 §2, §6), and the day notes for every author;
 * and the bookings checklist (/ride_checklist/{rideId}, 000 §2); "add photos" (/add_images/{rideId}) and "add a stay
 * from photos" (/add_accommodations_image/{rideId}) for the author of a base trip (tripAbilities().addPhotos, 000 §2).
 */
export default function TripInfoActions({ rideId, canEditSections, canAddPhotos }: { rideId: number; canEditSections: boolean; canAddPhotos: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={classes.infoActions}>
      {canEditSections && (
        <Button component={Link} to={paths.extraInformation(rideId)} variant="light" size="compact-md" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('tripEditing.info.addOrEdit')}
        </Button>
      )}
      {canAddPhotos && (
        <Button component={Link} to={paths.addImages(rideId)} variant="default" size="compact-md" leftSection={<IconPhotoPlus size={16} aria-hidden />}>
          {t('tripEditing.info.addPhotos')}
        </Button>
      )}
      {canAddPhotos && (
        <Button component={Link} to={paths.addAccommodationsImage(rideId)} variant="default" size="compact-md" leftSection={<IconBed size={16} aria-hidden />}>
          {t('tripEditing.info.addLodgingPhotos')}
        </Button>
      )}
      <Button
        component={Link}
        to={`${paths.extraInformation(rideId)}#day-notes`}
        variant="default"
        size="compact-md"
        leftSection={<IconNote size={16} aria-hidden />}
      >
        {t('tripEditing.info.dayNotes')}
      </Button>
      <Button component={Link} to={paths.tripChecklist(rideId)} variant="default" size="compact-md" leftSection={<IconHome size={16} aria-hidden />}>
        {t('tripEditing.accommodation.checklist')}
      </Button>
    </div>
  );
}
