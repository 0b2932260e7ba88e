import type { CSSProperties } from 'react';
import { Badge, Button } from '@mantine/core';
import { IconExternalLink, IconInfoCircle, IconPlus, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FallbackImage } from '../../../../components/FallbackImage';
import { safeHref } from '../../../../lib/rich-text';
import { attractionGlyph } from '../../../../components/map/markers';
import type { Candidate } from '../lib/candidates';
// The trip page's 200-character preview of a (possibly HTML) text: one rule for both pages.
import { plainText, preview } from '../../../../lib/format';
import { FITS_COLOUR } from './add-activity-map-types';
import results from '../../../../components/NumberedResults.module.css';
import classes from './AddActivity.module.css';
import { UserText } from '../../../../components/UserText';

interface CandidateListProps {
  candidates: readonly Candidate[];
  /** The key of the result being added, if any (its button shows progress; the others wait). */
  adding: string | null;
  /** Keys added on this page (the server's inRide follows on the next read). */
  added: ReadonlySet<string>;
  onAdd: (c: Candidate) => void;
  onDetails: (c: Candidate) => void;
  /** Set when sharing is offered (000 §2: internal results of public trips only). */
  onShare?: (c: Candidate) => void;
  /** The selected day's number, for the add button's accessible name. */
  dayNumber: number;
}

/**
 * The results (000 §2 "Result list with title, rating, text and buttons: add attraction, more details, site, and
 * share"), numbered as on the map. A result already in the trip says so and is not added twice.
 */
export function CandidateList({
  candidates,
  adding,
  added,
  onAdd,
  onDetails,
  onShare,
  dayNumber,
}: CandidateListProps) {
  const { t } = useTranslation();
  // The numbers in the map pins' colours; 88 px images.
  const listStyle = {
    '--fits-bg': FITS_COLOUR.bg,
    '--fits-fg': FITS_COLOUR.fg,
    '--result-image': '88px',
  } as CSSProperties;
  return (
    <ol className={results.list} style={listStyle}>
      {candidates.map((c, i) => {
        const titleId = `candidate-${i}-title`;
        const site = safeHref(c.link);
        const inTrip = c.inRide || added.has(c.key);
        return (
          <li key={c.key}>
            <article className={results.card} aria-labelledby={titleId} data-candidate={c.key} tabIndex={-1}>
              <FallbackImage
                src={c.image}
                alt=""
                loading="lazy"
                decoding="async"
                width={88}
                height={88}
                className={results.image}
              />
              <div className={results.body}>
                <h3 id={titleId} className={results.cardTitle}>
                  <span className={results.number} aria-hidden="true">
                    {attractionGlyph(i + 1)}
                  </span>
                  <UserText>{c.title}</UserText>
                </h3>
                <p className={results.meta}>
                  <span>{t('addActivity.distance', { km: c.distanceKm.toFixed(1) })}</span>
                  {c.rate !== null && (
                    <span className={classes.rate}>
                      {t('addActivity.rating', { rate: c.rate.toFixed(1) })}
                    </span>
                  )}
                  <span>{t(`addActivity.from.${c.from}`)}</span>
                  {inTrip && (
                    <Badge color="gray" variant="light" size="sm">
                      {t('addActivity.inTrip')}
                    </Badge>
                  )}
                </p>
                {c.text && (
                  <p className={classes.text} dir="auto">
                    {preview(plainText(c.text)).text}
                  </p>
                )}
                <div className={classes.actions}>
                  <Button
                    size="compact-sm"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => onAdd(c)}
                    loading={adding === c.key}
                    disabled={inTrip || (adding !== null && adding !== c.key)}
                    aria-label={t('addActivity.addToDay', { title: c.title, number: dayNumber })}
                  >
                    {inTrip ? t('addActivity.alreadyAdded') : t('addActivity.add')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconInfoCircle size={16} aria-hidden />}
                    onClick={() => onDetails(c)}
                    aria-haspopup="dialog"
                  >
                    {t('addActivity.details')}
                  </Button>
                  {site && (
                    <Button
                      component="a"
                      href={site}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconExternalLink size={16} aria-hidden />}
                    >
                      {t('addActivity.site')}
                    </Button>
                  )}
                  {onShare && c.attractionId !== null && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconShare size={16} aria-hidden />}
                      onClick={() => onShare(c)}
                    >
                      {t('addActivity.share')}
                    </Button>
                  )}
                </div>
              </div>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
