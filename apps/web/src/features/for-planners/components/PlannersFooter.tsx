import type { ForPlannersSettings } from '@rides/contract';
import { Anchor } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconPhone, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../../components/Logo';
import { PATHS } from '../../../lib/paths';
import { SITE } from '../../../lib/site';
import { whatsappHref } from '../../../lib/whatsapp';
import { phoneHref } from '../lib/contact-action';
import classes from './PlannersFooter.module.css';

const LINKS = [
  { to: PATHS.home, key: 'forPlanners.footer.home' },
  { to: PATHS.about, key: 'footer.about' },
  { to: PATHS.terms, key: 'footer.terms' },
  { to: PATHS.privacy, key: 'footer.privacy' },
] as const;

/**
 * The landing page's footer (002 §2.8): contact (WhatsApp and phone from the settings; the site's phone and mail
 * otherwise), links to home, about, terms and privacy, the social link when configured, and the copyright line with
 * the current year.
 */
export function PlannersFooter({ settings }: { settings: ForPlannersSettings | undefined }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const whatsapp = settings?.whatsappNumber
    ? whatsappHref(settings.whatsappNumber, settings.whatsappMessage ?? t('forPlanners.contact.message'))
    : null;
  const phone = settings?.phone ?? SITE.phone;
  const email = settings?.email ?? SITE.email;
  return (
    <footer className={classes.footer} data-testid="planners-footer">
      <div className={classes.inner}>
        <div className={classes.brand}>
          <Logo inverted />
          <p className={classes.muted}>{t('forPlanners.footer.blurb')}</p>
        </div>
        <div>
          <h2 className={classes.heading}>{t('forPlanners.footer.contactTitle')}</h2>
          <ul className={classes.list}>
            {whatsapp && (
              <li>
                <Anchor href={whatsapp} target="_blank" rel="noopener noreferrer" className={classes.link}>
                  <IconBrandWhatsapp aria-hidden size={18} />
                  {t('forPlanners.footer.whatsapp')}
                </Anchor>
              </li>
            )}
            <li>
              <Anchor href={phoneHref(phone) ?? undefined} className={classes.link}>
                <IconPhone aria-hidden size={18} />
                <span dir="ltr">{phone}</span>
              </Anchor>
            </li>
            <li>
              <Anchor href={`mailto:${email}`} className={classes.link}>
                <IconMail aria-hidden size={18} />
                <span dir="ltr">{email}</span>
              </Anchor>
            </li>
          </ul>
        </div>
        <nav aria-label={t('footer.linksLabel')}>
          <h2 className={classes.heading}>{t('forPlanners.footer.linksTitle')}</h2>
          <ul className={classes.list}>
            {LINKS.map((l) => (
              <li key={l.to}>
                <Anchor component={Link} to={l.to} className={classes.link}>
                  {t(l.key)}
                </Anchor>
              </li>
            ))}
            {settings?.socialUrl && (
              <li>
                <Anchor
                  href={settings.socialUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={classes.link}
                >
                  <IconWorld aria-hidden size={18} />
                  {t('forPlanners.footer.social')}
                </Anchor>
              </li>
            )}
          </ul>
        </nav>
      </div>
      <p className={classes.copyright} data-testid="planners-copyright">
        {t('forPlanners.footer.copyright', { year })}
      </p>
    </footer>
  );
}
