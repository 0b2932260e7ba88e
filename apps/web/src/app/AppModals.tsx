import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../components/AppModal';
import { withTexts } from '../lib/i18n';
import { closeAppModal, useAppModal, type AppModalName, type AppModalProps } from '../lib/modal-controller';

/** The app-wide modals, each its own chunk, loaded the first time it opens. */
const MODALS: Record<AppModalName, ComponentType<AppModalProps>> = {
  login: lazy(withTexts(() => import('../features/auth/components/LoginModal'), ['auth'])),
  register: lazy(withTexts(() => import('../features/auth/components/RegisterModal'), ['auth'])),
  resetRequest: lazy(withTexts(() => import('../features/auth/components/ResetRequestModal'), ['auth'])),
  updateRequired: lazy(withTexts(() => import('../features/auth/components/UpdateRequiredModal'), ['auth'])),
  contact: lazy(() => import('../features/contact/components/ContactModal')),
  signOutEverywhere: lazy(
    withTexts(() => import('../features/auth/components/SignOutEverywhereModal'), ['auth']),
  ),
  // The account's settings (issue 35; its longest day, issue 36): its texts and codes are with the costs' (the home
  // currency came first), so it loads with them.
  accountSettings: lazy(
    withTexts(() => import('../features/trip/costs/AccountSettingsModal'), ['costs', 'moneyCodes']),
  ),
  tripConflict: lazy(withTexts(() => import('../features/trip/conflicts/ConflictDialog'), ['conflicts'])),
};

function ModalFallback() {
  const { t } = useTranslation();
  return (
    <AppModal opened onClose={closeAppModal} title={t('common.loading')} centered>
      <LoadingIndicator p="lg" />
    </AppModal>
  );
}

export function AppModals() {
  const name = useAppModal();
  if (name === null) return null;
  const Current = MODALS[name];
  return (
    <Suspense fallback={<ModalFallback />}>
      <Current key={name} opened onClose={closeAppModal} />
    </Suspense>
  );
}
