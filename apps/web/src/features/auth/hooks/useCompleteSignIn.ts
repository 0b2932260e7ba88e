import { isolateUserText } from '@rides/contract';
import { useCallback } from 'react';
import type { LoginResponse } from '@rides/contract';
import { showToast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import { isRole } from '../../../lib/session';
import { startSession } from '../../../lib/session-store';

/** Stores the session from a sign-in or registration answer and greets the user. False when there is no token. */
export function useCompleteSignIn() {
  const { t } = useTranslation();
  return useCallback(
    (res: LoginResponse): boolean => {
      if (!res.token) return false;
      const userName = res.userName ?? '';
      startSession({
        token: res.token,
        userName,
        role: isRole(res.role) ? res.role : null,
        isAdmin: res.isAdmin === true,
      });
      showToast({
        color: 'brand',
        message: userName ? t('userLoggedInSuccessfully', { name: isolateUserText(userName) }) : t('auth.signedIn'),
      });
      return true;
    },
    [t],
  );
}
