import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import PrivateLinkModal from './PrivateLinkModal';

/** A private trip's page, for those let in (its author, a client who joined): the button that opens its private link. */
export default function PrivateLinkAction({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="compact-md"
        leftSection={<IconLink size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {t('accessKeys.privateLink.button')}
      </Button>
      {open && <PrivateLinkModal rideId={rideId} onClose={() => setOpen(false)} />}
    </>
  );
}
