import { useState } from 'react';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { STORAGE_KEYS } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHydrated } from '../../lib/hydration';
import { PATHS } from '../../lib/paths';
import { local } from '../../lib/storage';
import classes from './CookieBanner.module.css';

/**
 * Shown until the visitor agrees (001 §9); the answer is kept as `cookieConsent`. Only the browser knows it, so the
 * banner is not part of a server-rendered page (it floats over the page: no shift when it appears).
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [accepted, setAccepted] = useState(() => local.get(STORAGE_KEYS.cookieConsent) === 'true');
  if (accepted || !hydrated) return null;
  const accept = () => {
    local.set(STORAGE_KEYS.cookieConsent, 'true');
    setAccepted(true);
  };
  return (
    <Paper
      component="section"
      aria-label={t('cookies.label')}
      shadow="lg"
      radius="md"
      withBorder
      className={classes.banner}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" className={classes.text}>
          {t('cookies.text')}{' '}
          <Anchor component={Link} to={PATHS.privacy} size="sm">
            {t('cookies.learnMore')}
          </Anchor>
        </Text>
        <Button size="sm" onClick={accept}>
          {t('cookies.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
