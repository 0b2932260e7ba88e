import { lazy, Suspense } from 'react';
import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { parseId } from '../../../../lib/format';
import { withTexts } from '../../../../lib/i18n';
import { PATHS } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session-store';
import classes from './Trip.module.css';

interface TripBottomSectionsProps {
  /** The trip author's name (user_info_from_ride_id_api), once known. */
  authorName: string | undefined;
  /** White-label sub-domain mode: only the copyright notice stays (000 §2). */
  subdomain: boolean;
}

const STEPS = [1, 2, 3] as const;

/**
 * Comments, votes and shared lists (issue 33 points 4, 5; decision 0066), for signed-in readers: loaded from here, the
 * page's last lazy part, so the trip page's first JavaScript does not carry even its door; it finds the cards and the
 * header on the page and renders into them (together/slots.ts).
 */
const TogetherLayer = lazy(withTexts(() => import('../../together/TogetherLayer'), ['together', 'planningCodes']));

/**
 * A living copy's updates from its original (issue 37 point 2, decision 0075), for signed-in readers who may edit it:
 * the banner near the trip's top (its own box, before the summary) and the preview.
 */
const UpdatesLayer = lazy(
  withTexts(() => import('../../updates/UpdatesLayer'), ['tripUpdates', 'planningCodes', 'tripEditing']),
);

/** The legs between a day's stops (issue 36 point 1, decision 0071), for every reader: on the cards and day headers. */
const LegsLayer = lazy(withTexts(() => import('../../legs/LegsLayer'), ['legs', 'checks']));

/**
 * The end of the trip page (000 §2 "... copyright notice; partner section and how-it-works section; footer"):
 * the author's copyright, then, on the main site only, our booking partners and the three steps of how it works.
 */
export default function TripBottomSections({ authorName, subdomain }: TripBottomSectionsProps) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const rideId = parseId(useParams().rideId);
  const signedIn = useSession() !== null;
  return (
    <div className={classes.bottom}>
      {rideId !== null && (
        <Suspense fallback={null}>
          <LegsLayer rideId={rideId} />
        </Suspense>
      )}
      {signedIn && rideId !== null && (
        <Suspense fallback={null}>
          <TogetherLayer rideId={rideId} />
        </Suspense>
      )}
      {signedIn && rideId !== null && (
        <Suspense fallback={null}>
          <UpdatesLayer rideId={rideId} />
        </Suspense>
      )}
      <section className={classes.copyright} aria-label={t('tripBottom.bottom.copyrightLabel')}>
        <Text size="sm" fw={600}>
          {t('tripBottom.bottom.copyright', {
            name: `\u2068${authorName ?? t('tripBottom.bottom.theAuthor')}\u2069`,
            year,
          })}
        </Text>
        <Text size="sm">
          {t('tripBottom.bottom.terms')}{' '}
          <Anchor component={Link} to={PATHS.terms} inherit className={classes.inlineLink}>
            {t('tripBottom.bottom.termsLink')}
          </Anchor>
        </Text>
      </section>
      {!subdomain && (
        <>
          <section className={classes.partners} aria-labelledby="trip-partners-heading">
            <Title order={2} fz="lg" id="trip-partners-heading">
              {t('tripBottom.bottom.partnersTitle')}
            </Title>
            <Text size="sm">{t('tripBottom.bottom.partnersText')}</Text>
          </section>
          <section className={classes.how} aria-labelledby="trip-how-heading">
            <Title order={2} fz="xl" id="trip-how-heading">
              {t('tripBottom.how.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('tripBottom.how.intro')}
            </Text>
            <ol className={classes.howSteps}>
              {STEPS.map((n) => (
                <li key={n} className={classes.howStep}>
                  <span className={classes.howNumber} aria-hidden>
                    {n}
                  </span>
                  <Title order={3} fz="md">
                    {t(`tripBottom.how.step${n}Title`)}
                  </Title>
                  <Text size="sm">{t(`tripBottom.how.step${n}Text`)}</Text>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
