import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openAppModal } from '../../../../lib/modal-controller';
import { useSession } from '../../../../lib/session-store';
import { useCopyTrip } from '../hooks/useCopyTrip';
import { rememberCopyIntent } from '../lib/copy-intent';
import { withTexts } from '../../../../lib/i18n';

const CopyDialogs = lazy(withTexts(() => import('./CopyDialogs'), ['tripEditing']));

interface CopyAndEditActionProps {
  rideId: number;
}

/**
 * The banner's "copy and edit" (000 §2, §4, §6). A visitor is asked to sign in ("please log in to edit ride") and
 * stays on the page: the sign-in and registration modals open over it, and once the session exists the copy is
 * made and they land on it (CopyAfterSignIn). A signed-in reader confirms "please add ride to your list". Renders the same on the
 * server; storage is read in effects only. Offered only where the server copies (tripAbilities().copyBanner).
 */
export function CopyAndEditAction({ rideId }: CopyAndEditActionProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { copy, busy } = useCopyTrip(rideId);
  const [dialog, setDialog] = useState<null | 'login' | 'add'>(null);

  const goSignIn = (modal: 'login' | 'register') => {
    rememberCopyIntent(rideId);
    setDialog(null);
    openAppModal(modal);
  };

  return (
    <>
      <Button
        size="compact-md"
        leftSection={<IconCopy size={16} aria-hidden />}
        loading={busy}
        onClick={() => setDialog(session === null ? 'login' : 'add')}
        aria-haspopup="dialog"
      >
        {t('trip.copy.button')}
      </Button>
      {dialog !== null && (
        <Suspense fallback={null}>
          <CopyDialogs
            dialog={dialog}
            busy={busy}
            onClose={() => setDialog(null)}
            onSignIn={goSignIn}
            onConfirmAdd={() => void copy().then((ok) => ok && setDialog(null))}
          />
        </Suspense>
      )}
    </>
  );
}
