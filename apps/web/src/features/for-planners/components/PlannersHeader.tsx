import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCalendarEvent, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../../components/Logo';
import { changeLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import type { ForPlannersSettings } from '@rides/contract';
import { ContactButton } from './ContactButton';
import classes from './PlannersHeader.module.css';

/** The landing page's own header (002 §2.8): the logo (home), the language, and "book an intro meeting". */
export function PlannersHeader({
  settings,
  onForm,
}: {
  settings: ForPlannersSettings | undefined;
  onForm: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const next = i18n.language === 'he' ? 'en' : 'he';
  return (
    <header className={classes.header}>
      <div className={classes.inner}>
        <Link to={PATHS.home} className={classes.logo} aria-label={t('forPlanners.header.homeLabel')}>
          <Logo />
        </Link>
        <div className={classes.actions}>
          <Button
            variant="subtle"
            color="gray"
            c="gray.9"
            size="sm"
            px="xs"
            leftSection={<IconLanguage aria-hidden size={18} />}
            loading={busy}
            onClick={() => {
              setBusy(true);
              changeLanguage(next).finally(() => setBusy(false));
            }}
            aria-label={t('language.switchLabel')}
            lang={next}
          >
            <span className={classes.wide}>{t('language.other')}</span>
          </Button>
          <ContactButton
            settings={settings}
            onForm={onForm}
            testId="planners-header-contact"
            size="sm"
            leftSection={<IconCalendarEvent aria-hidden size={18} />}
          >
            <span className={classes.long}>{t('forPlanners.header.book')}</span>
            <span className={classes.short}>{t('forPlanners.header.bookShort')}</span>
          </ContactButton>
        </div>
      </div>
    </header>
  );
}
