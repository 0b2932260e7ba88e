import { useState } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../../lib/client-config';
import { startOAuth, type Provider } from '../lib/oauth';

/** Google / Facebook buttons, each only when the server has it configured (GET /api/client_config). */
export function SocialSignIn({ onError }: { onError: (code: string) => void }) {
  const { t } = useTranslation();
  const { data } = useClientConfig();
  const [leaving, setLeaving] = useState<Provider | null>(null);
  if (!data || (!data.googleClientId && !data.facebookAppId)) return null;
  const go = (provider: Provider) => {
    const problem = startOAuth(provider, data);
    if (problem) onError(problem);
    else setLeaving(provider);
  };
  return (
    <Stack gap="sm">
      <Divider label={t('auth.login.or')} labelPosition="center" />
      {data.googleClientId && (
        <Button
          variant="default"
          leftSection={<IconBrandGoogle aria-hidden size={18} />}
          onClick={() => go('google')}
          loading={leaving === 'google'}
          fullWidth
        >
          {t('auth.login.google')}
        </Button>
      )}
      {data.facebookAppId && (
        <Button
          variant="default"
          leftSection={<IconBrandFacebook aria-hidden size={18} />}
          onClick={() => go('facebook')}
          loading={leaving === 'facebook'}
          fullWidth
        >
          {t('auth.login.facebook')}
        </Button>
      )}
    </Stack>
  );
}
