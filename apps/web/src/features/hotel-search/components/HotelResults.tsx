import type { SearchAccommodation } from '@rides/contract';
import { IconBuildingSkyscraper, IconExternalLink, IconMapPin, IconRoute, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/FallbackImage';
import { RichText } from '../../../components/RichText';
import actions from '../../../components/Actions.module.css';
import hidden from '../../../components/VisuallyHidden.module.css';
import results from '../../../components/NumberedResults.module.css';
import details from '../../../components/NumberedResultDetails.module.css';
import { safeHref } from '../../../lib/rich-text';
import { HOST_PLACEHOLDER, hotelAffiliateUrl, trackHotelLink } from '../../../lib/affiliate';
import { hotelSearchPath } from '../../../lib/screen-paths';
import { paths } from '../../../lib/paths';
import { UserText } from '../../../components/UserText';

/** The hotel's number on the map and in the list: 1–9, then '+' (the map's pins, 000 §9). */
export const hotelNumber = (index: number) => (index < 9 ? String(index + 1) : '+');

/**
 * The hotels found, nearest first, numbered as on the map (001 §2: name, image, country and city, text, link; view the
 * trip, a booking site, more hotels nearby). The booking link is the trip's partner mapping, opened after the two
 * tracking events (000 §7). A marker's click brings its card into view and focus (`data-hotel-id`).
 */
export function HotelResults({ hotels, rideId }: { hotels: readonly SearchAccommodation[]; rideId: number | null }) {
  const { t } = useTranslation();
  return (
    <ol className={results.list}>
      {hotels.map((h, i) => {
        const titleId = `hotel-${h.id}-title`;
        const site = h.link?.trim() === HOST_PLACEHOLDER ? null : safeHref(h.link);
        const booking = h.hotelAffiliate
          ? hotelAffiliateUrl({ affiliate: h.hotelAffiliate, checkIn: null, checkOut: null, address: h.link })
          : null;
        const onBooking = () =>
          trackHotelLink({
            ride_id: h.ride_id,
            accommodation_id: h.id,
            destination_id: h.hotelAffiliate?.destination_id,
            destination_type: h.hotelAffiliate?.destination_type,
            content_name: h.hotelAffiliate?.name ?? h.name,
          });
        return (
          <li key={h.id}>
            <article className={results.card} aria-labelledby={titleId} data-hotel-id={h.id} tabIndex={-1}>
              <FallbackImage src={h.image} alt="" loading="lazy" decoding="async" width={96} height={96} className={results.image} />
              <div className={results.body}>
                <h3 id={titleId} className={results.cardTitle}>
                  <span className={results.number} aria-hidden="true">
                    {hotelNumber(i)}
                  </span>
                  <UserText>{h.name}</UserText>
                </h3>
                <p className={results.meta}>
                  {h.cuntry_and_city && <UserText>{h.cuntry_and_city}</UserText>}
                  <span>{t('hotelSearch.distance', { km: h.distance_km.toFixed(1) })}</span>
                  {h.rate !== null && (
                    <span className={details.rate}>
                      <IconStarFilled aria-hidden size={14} />
                      <span className={hidden.visuallyHidden}>{t('hotelSearch.rating')} </span>
                      {h.rate.toFixed(1)}
                    </span>
                  )}
                </p>
                <RichText html={h.text} className={details.text} />
                <div className={actions.row}>
                  <Link to={paths.trip(h.ride_id)} className={`${actions.action} ${actions.default}`}>
                    <IconRoute size={16} aria-hidden />
                    {t('hotelSearch.viewTrip')}
                  </Link>
                  {booking && (
                    <a
                      href={booking}
                      target="_blank"
                      rel="noopener noreferrer sponsored"
                      onClick={onBooking}
                      className={`${actions.action} ${actions.light}`}
                      aria-label={t('hotelSearch.bookLabel', { name: h.name })}
                    >
                      <IconBuildingSkyscraper size={16} aria-hidden />
                      {t('hotelSearch.book')}
                    </a>
                  )}
                  <Link
                    to={hotelSearchPath({ lat: h.latitude, lng: h.longtitude, place: h.name, rideId })}
                    className={`${actions.action} ${actions.default}`}
                    aria-label={t('hotelSearch.moreNearLabel', { name: h.name })}
                  >
                    <IconMapPin size={16} aria-hidden />
                    {t('hotelSearch.moreNear')}
                  </Link>
                  {site && (
                    <a href={site} target="_blank" rel="noopener noreferrer" className={details.site}>
                      {t('hotelSearch.site')}
                      <IconExternalLink aria-hidden size={14} />
                      <span className={hidden.visuallyHidden}> {t('hotelSearch.newTab')}</span>
                    </a>
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
