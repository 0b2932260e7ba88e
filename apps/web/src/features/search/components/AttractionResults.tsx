import type { SearchAttraction } from '@rides/contract';
import { IconExternalLink, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FallbackImage } from '../../../components/FallbackImage';
import { RichText } from '../../../components/RichText';
import { safeHref } from '../../../lib/rich-text';
import hidden from '../../../components/VisuallyHidden.module.css';
import results from '../../../components/NumberedResults.module.css';
import details from '../../../components/NumberedResultDetails.module.css';
import classes from './AttractionSearch.module.css';
import { UserText } from '../../../components/UserText';

/** The attraction's number on the map and in the list: 1–9, then '+' (the map's pins, 000 §9). */
export const attractionNumber = (index: number) => (index < 9 ? String(index + 1) : '+');

/**
 * The attractions found, nearest first, numbered as on the map. A marker's click brings its card into view and
 * focus (`data-attraction-id`). Plain elements, the pictures lazy with their size given.
 */
export function AttractionResults({ attractions }: { attractions: readonly SearchAttraction[] }) {
  const { t } = useTranslation();
  return (
    <ol className={results.list}>
      {attractions.map((a, i) => {
        const titleId = `attraction-${a.id}-title`;
        // Authors type the address: only http(s), mail and phone links are followed.
        const site = safeHref(a.link);
        return (
          <li key={a.id}>
            <article className={results.card} aria-labelledby={titleId} data-attraction-id={a.id} tabIndex={-1}>
              <FallbackImage
                src={a.image}
                alt=""
                loading="lazy"
                decoding="async"
                width={96}
                height={96}
                className={results.image}
              />
              <div className={results.body}>
                <h3 id={titleId} className={results.cardTitle}>
                  <span className={results.number} aria-hidden="true">
                    {attractionNumber(i)}
                  </span>
                  <UserText>{a.title}</UserText>
                </h3>
                <p className={results.meta}>
                  <span>{t('attractionSearch.distance', { km: a.distance_km.toFixed(1) })}</span>
                  {a.rate !== null && (
                    <span className={details.rate}>
                      <IconStarFilled aria-hidden size={14} />
                      <span className={hidden.visuallyHidden}>{t('attractionSearch.rating')} </span>
                      {a.rate.toFixed(1)}
                    </span>
                  )}
                  {a.address && <UserText className={classes.address}>{a.address}</UserText>}
                </p>
                <RichText html={a.text} className={details.text} />
                {site && (
                  <a href={site} target="_blank" rel="noopener noreferrer" className={details.site}>
                    {t('attractionSearch.site')}
                    <IconExternalLink aria-hidden size={14} />
                    <span className={hidden.visuallyHidden}> {t('attractionSearch.newTab')}</span>
                  </a>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
