import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n';

/** Switches between Hebrew and English. Shows the other language's name, in that language. */
export function LanguageSwitch() {
  // The language of this render's i18next (the server renders with its own instance, not the browser's global one).
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const next = i18n.language === 'he' ? 'en' : 'he';
  const onClick = () => {
    setBusy(true);
    changeLanguage(next).finally(() => setBusy(false));
  };
  return (
    <Button
      variant="subtle"
      color="gray"
      c="gray.9"
      size="sm"
      px="xs"
      leftSection={<IconLanguage aria-hidden size={18} />}
      onClick={onClick}
      loading={busy}
      aria-label={t('language.switchLabel')}
      lang={next}
    >
      {t('language.other')}
    </Button>
  );
}
