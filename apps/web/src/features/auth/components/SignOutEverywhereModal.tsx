import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { FormAlert } from '../../../components/FormAlert';
import { errorCode } from '../../../lib/api';
import type { AppModalProps } from '../../../lib/modal-controller';
import { endSession } from '../../../lib/session-store';
import { useWrite } from '../../../lib/use-write';
import { signOutEverywhere } from '../api/sign-out-everywhere';

/**
 * "Sign out of all devices" asks first: it ends every session of the user, this one included (decision 0024).
 * On success the session ends here as a sign-out does (SessionEvents shows the toast; the offline controller clears
 * the private trips on every end of the session). A 401 already ended the session in lib/api.ts.
 */
export default function SignOutEverywhereModal({ opened, onClose }: AppModalProps) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const [failure, setFailure] = useState<string | null>(null);
  // What follows the call runs even when the dialog was closed while the call was on its way: the session ends.
  const confirm = async () => {
    setFailure(null);
    const done = await run(() => signOutEverywhere().then(() => true), {
      onError: (err) => {
        setFailure(errorCode(err));
        return true;
      },
    });
    if (!done) return;
    onClose();
    endSession('signed-out-everywhere');
  };
  return (
    <AppModal opened={opened} onClose={onClose} title={t('auth.signOutEverywhere.title')}>
      <Stack gap="md">
        <Text>{t('auth.signOutEverywhere.text')}</Text>
        <FormAlert code={failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('auth.signOutEverywhere.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {t('auth.signOutEverywhere.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
