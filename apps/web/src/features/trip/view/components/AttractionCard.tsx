import { memo, useState, type ReactNode } from 'react';
import { IconClock, IconInfoCircle, IconTicket } from '@tabler/icons-react';
import type { RideAttractionWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { plainText, preview } from '../../../../lib/format';
import { amPmToClock } from '../../data/wire';
import { coordinates, readableTextOn, safeExternalUrl } from '../lib/format';
import { FallbackImage } from '../../../../components/FallbackImage';
import { NavigationLinks } from '../../../../components/NavigationLinks';
import { RichText } from '../../../../components/RichText';
import { useContentLanguage } from '../../../../lib/content-language';
import actions from '../../../../components/Actions.module.css';
import { Stars } from './Stars';
import classes from './Trip.module.css';
import { UserText } from '../../../../components/UserText';

interface AttractionCardProps {
  attraction: RideAttractionWire;
  number: number;
  onImage: (image: { src: string; alt: string }) => void;
  onDetails: (id: number) => void;
  /** The author's buttons (trip/editing), under the reader's; absent for other readers. */
  actions?: ReactNode;
}

/**
 * An activity of a day (000 §2 "Activity card"): number, image, title, its time when it has one, text with "show
 * more", rating, actions. A place without a photo gets a compact card: no grey placeholder (a 200 px block on a
 * phone), the number beside the title. Plain elements rather than Mantine components: a trip renders dozens of these
 * at once (see Actions.module.css).
 */
export const AttractionCard = memo(function AttractionCard({
  attraction,
  number,
  onImage,
  onDetails,
  actions: authorActions,
}: AttractionCardProps) {
  const { t } = useTranslation();
  const content = useContentLanguage();
  const [expanded, setExpanded] = useState(false);
  const text = plainText(attraction.text);
  const short = preview(text);
  const point = coordinates(attraction.lat, attraction.lng);
  const image = attraction.imageUrl ?? attraction.image ?? attraction.googleImage;
  const affiliate = attraction.affiliate;
  const affiliateUrl = safeExternalUrl(affiliate?.link);
  const clock = amPmToClock(attraction.dateTime);
  const textId = `attraction-text-${attraction.id}-${number}`;
  const titleId = `attraction-title-${attraction.id}-${number}`;

  return (
    <article
      className={image ? classes.card : `${classes.card} ${classes.cardCompact}`}
      aria-labelledby={titleId}
    >
      {/* The number sits beside the button, not in it: a button's visible text must be part of its name. */}
      {image && (
        <div className={classes.cardMedia}>
          <button
            type="button"
            className={classes.cardImageButton}
            onClick={() => image && onImage({ src: image, alt: attraction.title })}
            aria-label={t('trip.viewImage', { name: attraction.title })}
            disabled={!image}
          >
            <FallbackImage
              src={image}
              alt=""
              className={classes.cardImage}
              loading="lazy"
              decoding="async"
              width={120}
              height={120}
            />
          </button>
          <span className={classes.number} aria-hidden>
            {number}
          </span>
        </div>
      )}
      <div className={classes.cardBody}>
        <h4 id={titleId} className={classes.cardTitle} {...content}>
          {!image && (
            <span className={classes.numberInline} aria-hidden>
              {number}
            </span>
          )}
          <span className={actions.visuallyHidden}>{t('trip.activityNumber', { number })} </span>
          <UserText>{attraction.title}</UserText>
        </h4>
        {clock && (
          <span className={classes.cardTime} data-testid="activity-time">
            <IconClock size={16} aria-hidden />
            <span className={actions.visuallyHidden}>{t('trip.activityTime', { time: clock })}</span>
            <bdi aria-hidden>{clock}</bdi>
          </span>
        )}
        <Stars value={attraction.rate} />
        {text && (
          <div id={textId}>
            {expanded ? (
              <RichText html={attraction.text} />
            ) : (
              <p className={classes.cardText} dir="auto">
                <UserText>{short.text}</UserText>
              </p>
            )}
            {short.cut && (
              <button
                type="button"
                className={`${actions.action} ${actions.subtle}`}
                onClick={() => setExpanded((e) => !e)}
                aria-expanded={expanded}
                aria-controls={textId}
              >
                {expanded ? t('trip.showLess') : t('trip.showMore')}
              </button>
            )}
          </div>
        )}
        <div className={actions.row}>
          {point && <NavigationLinks point={point} name={attraction.title} />}
          <button
            type="button"
            className={`${actions.action} ${actions.default}`}
            onClick={() => onDetails(attraction.id)}
            aria-label={t('trip.moreDetailsLabel', { name: attraction.title })}
          >
            <IconInfoCircle size={16} aria-hidden />
            {t('trip.moreDetails')}
          </button>
        </div>
        {affiliate && affiliateUrl && (
          <div className={actions.row}>
            <a
              className={`${actions.action} ${actions.filled}`}
              href={affiliateUrl}
              target="_blank"
              rel="noopener noreferrer sponsored"
              style={
                affiliate.colour
                  ? { backgroundColor: affiliate.colour, color: readableTextOn(affiliate.colour) }
                  : undefined
              }
            >
              <IconTicket size={16} aria-hidden />
              {t('trip.affiliateLink')}
            </a>
            {affiliate.info && <span className={classes.smallDimmed}>{affiliate.info}</span>}
          </div>
        )}
        {authorActions}
      </div>
    </article>
  );
});
