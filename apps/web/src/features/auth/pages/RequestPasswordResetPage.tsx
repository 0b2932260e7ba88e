import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../../components/FormPage';
import { openAppModal } from '../../../lib/modal-controller';
import { RequestResetForm } from '../components/RequestResetForm';

/** /request-password-reset (002 §2.7): one email field, "send reset link". */
export default function RequestPasswordResetPage() {
  const { t } = useTranslation();
  return (
    <FormPage title={t('auth.resetRequest.title')} intro={t('auth.resetRequest.intro')}>
      <RequestResetForm />
      <Text size="sm" ta="center">
        {t('auth.resetRequest.remembered')}{' '}
        <Anchor component="button" type="button" size="sm" fw={700} onClick={() => openAppModal('login')}>
          {t('account.signIn')}
        </Anchor>
      </Text>
    </FormPage>
  );
}
