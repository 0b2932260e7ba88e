import { Suspense, useState, type ComponentType } from 'react';
import { Button } from '@mantine/core';
import {
  IconBolt,
  IconBrush,
  IconCalendarEvent,
  IconCopy,
  IconDeviceMobile,
  IconLayoutList,
  IconLock,
  IconMessageCircle,
  IconPlayerPlay,
  IconWifiOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { SkipLink } from '../../../components/SkipLink';
import type { AppModalProps } from '../../../lib/modal-controller';
import { usePlannersSettings } from '../api/planners-settings';
import { ContactButton } from '../components/ContactButton';
import { PlannersFooter } from '../components/PlannersFooter';
import { PlannersHeader } from '../components/PlannersHeader';
import { ScreenshotCarousel } from '../components/ScreenshotCarousel';
import { SHOT_HEIGHT, SHOT_WIDTH, slideSources } from '../lib/slides';
import classes from './ForPlannersPage.module.css';

const WHAT = [
  { key: 'build', Icon: IconLayoutList },
  { key: 'share', Icon: IconMessageCircle },
  { key: 'phone', Icon: IconDeviceMobile },
] as const;

const BENEFITS = [
  { key: 'branded', Icon: IconBrush },
  { key: 'onePlace', Icon: IconLayoutList },
  { key: 'noApp', Icon: IconDeviceMobile },
  { key: 'copying', Icon: IconCopy },
  { key: 'protection', Icon: IconLock },
  { key: 'offline', Icon: IconWifiOff },
] as const;

/**
 * The hero's other half on a desktop (issue 30: the text alone left it half empty at 1280): the trip as a client sees
 * it on their phone, the carousel's first shot. Decorative beside the carousel, which names it; not in the page below
 * 62em (the carousel shows it there), and the browser fetches no hidden image.
 */
function HeroShot() {
  const { i18n } = useTranslation();
  const sources = slideSources(i18n.language === 'en' ? 'en' : 'he', 'full-trip');
  return (
    <div className={classes.heroShot} aria-hidden data-testid="planners-hero-shot">
      <picture>
        <source type="image/avif" media="(min-width: 62em)" srcSet={sources.avif} sizes="300px" />
        <source type="image/webp" media="(min-width: 62em)" srcSet={sources.webp} sizes="300px" />
        <img
          className={classes.heroShotImage}
          src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="
          width={SHOT_WIDTH}
          height={SHOT_HEIGHT}
          alt=""
          decoding="async"
        />
      </picture>
    </div>
  );
}

/**
 * `/for-planners` (002 §2.8, decision 0031): the landing page that sells the product to professional planners. Its own
 * header and footer (outside the site's layout); hero, what it is, the screenshots, the benefits, a summary with the
 * live demo, the call to action. Rendered on the server like the home page; the settings (demo link and the contact
 * order) arrive from /api/client_config. `ContactForm` is the contact feature's form, lazy, given by the app
 * (app/compose/ForPlannersRoute.tsx): this page is outside the site layout whose app-wide modals open it elsewhere.
 */
export default function ForPlannersPage({ ContactForm }: { ContactForm: ComponentType<AppModalProps> }) {
  const { t } = useTranslation();
  const settings = usePlannersSettings();
  const [form, setForm] = useState(false);
  const openForm = () => setForm(true);
  const demo = settings?.demoUrl;
  return (
    <div className={classes.page}>
      <DocumentTitle title={t('forPlanners.title')} />
      <SkipLink />
      <PlannersHeader settings={settings} onForm={openForm} />
      <main id="main" tabIndex={-1} className={classes.main}>
        <section className={classes.hero} aria-labelledby="planners-hero-title" data-testid="planners-hero">
          <div className={`${classes.inner} ${classes.heroGrid}`}>
            <div className={classes.heroText}>
              <p className={classes.eyebrow}>{t('forPlanners.hero.eyebrow')}</p>
              <h1 id="planners-hero-title" className={classes.heroTitle}>
                {t('forPlanners.hero.title')}
              </h1>
              <p className={classes.lead}>{t('forPlanners.hero.lead')}</p>
              <div className={classes.buttons}>
                <ContactButton
                  settings={settings}
                  onForm={openForm}
                  testId="planners-hero-contact"
                  size="lg"
                  leftSection={<IconCalendarEvent aria-hidden size={20} />}
                >
                  {t('forPlanners.hero.book')}
                </ContactButton>
                <Button component="a" href="#planners-screens" size="lg" variant="default">
                  {t('forPlanners.hero.see')}
                </Button>
              </div>
            </div>
            <HeroShot />
          </div>
        </section>

        <section
          className={classes.section}
          aria-labelledby="planners-what-title"
          data-testid="planners-what"
        >
          <div className={classes.inner}>
            <h2 id="planners-what-title" className={classes.title}>
              {t('forPlanners.what.title')}
            </h2>
            <p className={classes.intro}>{t('forPlanners.what.text')}</p>
            <ul className={classes.cards}>
              {WHAT.map(({ key, Icon }) => (
                <li key={key} className={classes.card}>
                  <Icon aria-hidden size={28} className={classes.icon} />
                  <h3 className={classes.cardTitle}>{t(`forPlanners.what.${key}Title`)}</h3>
                  <p className={classes.cardText}>{t(`forPlanners.what.${key}Text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section
          id="planners-screens"
          className={classes.section}
          data-tone="tinted"
          aria-labelledby="planners-screens-title"
        >
          <div className={classes.inner}>
            <h2 id="planners-screens-title" className={classes.title}>
              {t('forPlanners.screens.title')}
            </h2>
            <p className={classes.intro}>{t('forPlanners.screens.text')}</p>
            <div className={classes.body}>
              <ScreenshotCarousel />
            </div>
          </div>
        </section>

        <section
          className={classes.section}
          aria-labelledby="planners-benefits-title"
          data-testid="planners-benefits"
        >
          <div className={classes.inner}>
            <h2 id="planners-benefits-title" className={classes.title}>
              {t('forPlanners.benefits.title')}
            </h2>
            <ul className={classes.cards} data-columns="3">
              {BENEFITS.map(({ key, Icon }) => (
                <li key={key} className={classes.card}>
                  <Icon aria-hidden size={28} className={classes.icon} />
                  <h3 className={classes.cardTitle}>{t(`forPlanners.benefits.${key}Title`)}</h3>
                  <p className={classes.cardText}>{t(`forPlanners.benefits.${key}Text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section
          className={classes.section}
          data-tone="tinted"
          aria-labelledby="planners-summary-title"
          data-testid="planners-summary"
        >
          <div className={classes.inner}>
            <h2 id="planners-summary-title" className={classes.title}>
              {t('forPlanners.summary.title')}
            </h2>
            <p className={classes.intro}>{t('forPlanners.summary.text')}</p>
            {demo !== null && (
              <div className={classes.buttons}>
                <Button
                  component="a"
                  href={demo}
                  size="md"
                  variant="outline"
                  leftSection={<IconPlayerPlay aria-hidden size={18} />}
                  data-testid="planners-demo"
                  aria-disabled={demo === undefined || undefined}
                >
                  {t('forPlanners.summary.demo')}
                </Button>
              </div>
            )}
          </div>
        </section>

        <section className={classes.cta} aria-labelledby="planners-cta-title" data-testid="planners-cta">
          <div className={classes.inner}>
            <IconBolt aria-hidden size={32} />
            <h2 id="planners-cta-title" className={classes.title}>
              {t('forPlanners.cta.title')}
            </h2>
            <p className={classes.ctaText}>{t('forPlanners.cta.text')}</p>
            <div className={classes.buttons}>
              <ContactButton
                settings={settings}
                onForm={openForm}
                testId="planners-cta-contact"
                size="lg"
                variant="white"
                leftSection={<IconCalendarEvent aria-hidden size={20} />}
              >
                {t('forPlanners.cta.book')}
              </ContactButton>
              <Button
                size="lg"
                variant="outline"
                color="white"
                onClick={openForm}
                data-testid="planners-leave-details"
                leftSection={<IconMessageCircle aria-hidden size={20} />}
              >
                {t('forPlanners.cta.leaveDetails')}
              </Button>
            </div>
          </div>
        </section>
      </main>
      <PlannersFooter settings={settings} />
      {form && (
        <Suspense fallback={null}>
          <ContactForm opened onClose={() => setForm(false)} />
        </Suspense>
      )}
    </div>
  );
}
