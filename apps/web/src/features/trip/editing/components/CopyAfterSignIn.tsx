import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppModal } from '../../../../lib/modal-controller';
import { useSession } from '../../../../lib/session-store';
import { showToast } from '../../../../lib/toast';
import { useCopyTrip } from '../hooks/useCopyTrip';
import { forgetCopyIntent, hasCopyIntent } from '../lib/copy-intent';

/**
 * Finishes "copy and edit" after the visitor has signed in or registered (CopyAndEditAction kept the wish). Lives on
 * the trip page for everyone, not in the banner: the banner hides while the header is read again for the new user.
 * Renders nothing.
 */
export function CopyAfterSignIn({ rideId, isAuthor }: { rideId: number; isAuthor: boolean | undefined }) {
  const { t } = useTranslation();
  const session = useSession();
  const appModal = useAppModal();
  const { copy } = useCopyTrip(rideId);
  const started = useRef(false);

  // Signed in after pressing "copy and edit": copy once the header says whose trip it is (the author's own trip
  // is already theirs to edit; copying it would make a duplicate).
  useEffect(() => {
    if (session === null || isAuthor === undefined || started.current || !hasCopyIntent(rideId)) return;
    forgetCopyIntent();
    if (isAuthor) {
      showToast({ id: `own-trip-${rideId}`, color: 'brand', message: t('trip.copy.ownTrip') });
      return;
    }
    started.current = true;
    void copy().finally(() => (started.current = false));
  }, [session, isAuthor, rideId, copy, t]);

  // The sign-in was given up (the modals closed while still signed out): the wish does not outlive it.
  const hadModal = useRef(false);
  useEffect(() => {
    if (appModal !== null) hadModal.current = true;
    else if (hadModal.current && session === null) {
      hadModal.current = false;
      forgetCopyIntent();
    }
  }, [appModal, session]);

  return null;
}
