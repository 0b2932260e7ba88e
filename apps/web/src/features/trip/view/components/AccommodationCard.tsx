import { memo, type ReactNode } from 'react';
import { IconBuildingSkyscraper, IconHome } from '@tabler/icons-react';
import type { AccommodationWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { hotelAffiliateUrl, trackHotelLink } from '../../../../lib/affiliate';
import { toDisplayDate } from '../../../../lib/format';
import { coordinates, safeExternalUrl } from '../lib/format';
import { NavigationLinks } from '../../../../components/NavigationLinks';
import { RichText } from '../../../../components/RichText';
import { useContentLanguage } from '../../../../lib/content-language';
import actions from '../../../../components/Actions.module.css';
import { Stars } from './Stars';
import classes from './Trip.module.css';
import { UserText } from '../../../../components/UserText';

export const accommodationElementId = (id: number) => `trip-accommodation-${id}`;

interface AccommodationCardProps {
  accommodation: AccommodationWire;
  anchor: boolean;
  /** The trip is private: no recommended hotels (000 §2). */
  tripPrivate: boolean;
  rideId: number;
  /** The author's button (trip/editing, loaded for authors only); absent for other readers. */
  actions?: ReactNode;
}

/**
 * 000 §2 "Accommodation card": house icon, place, name, text, rating, check-in/out, navigation, view place, and
 * "recommended hotels" (only when the trip is not private and the trip has a booking mapping). Before the partner's
 * page opens, the two tracking events of 000 §7 fire (no-ops until analytics is configured).
 */
export const AccommodationCard = memo(function AccommodationCard({
  accommodation,
  anchor,
  tripPrivate,
  rideId,
  actions: authorActions,
}: AccommodationCardProps) {
  const { t } = useTranslation();
  const content = useContentLanguage();
  const point = coordinates(accommodation.latitude, accommodation.longtitude);
  const checkIn = toDisplayDate(accommodation.check_in_date);
  const checkOut = toDisplayDate(accommodation.check_out_date);
  // '{host}' is the affiliate placeholder (below), not a place to view.
  const link = accommodation.link?.trim() === '{host}' ? null : safeExternalUrl(accommodation.link);
  const booked = accommodation.status === 'booked';
  const affiliate = tripPrivate ? null : accommodation.hotelAffiliate;
  const hotelsUrl = affiliate
    ? hotelAffiliateUrl({
        affiliate,
        checkIn: accommodation.check_in_date,
        checkOut: accommodation.check_out_date,
        address: accommodation.link,
      })
    : null;
  const onHotels = () => {
    const props = {
      ride_id: rideId,
      accommodation_id: accommodation.id,
      destination_id: affiliate?.destination_id,
      destination_type: affiliate?.destination_type,
      content_name: affiliate?.name ?? accommodation.name,
    };
    trackHotelLink(props);
  };
  return (
    <section
      className={classes.accommodation}
      id={anchor ? accommodationElementId(accommodation.id) : undefined}
      aria-label={t('trip.accommodationLabel', { name: accommodation.name })}
    >
      <div className={classes.cardBody}>
        <div className={actions.row}>
          <IconHome size={22} aria-hidden color="var(--mantine-color-brand-7)" />
          <span className={classes.smallDimmed}>
            {accommodation.cuntry_and_city ? (
              <UserText>{accommodation.cuntry_and_city}</UserText>
            ) : (
              t('trip.accommodation')
            )}
          </span>
          <span className={booked ? classes.statusBooked : classes.statusSuggested}>
            {booked ? t('trip.booked') : t('trip.suggested')}
          </span>
        </div>
        <h4 className={classes.cardTitle} {...content}>
          <UserText>{accommodation.name}</UserText>
        </h4>
        <Stars value={accommodation.rate} />
        <RichText html={accommodation.text} />
        {(checkIn || checkOut) && (
          <p className={classes.cardText}>
            {checkIn && (
              <>
                {t('trip.checkIn')}: <bdi>{checkIn}</bdi>
              </>
            )}
            {checkIn && checkOut && ' · '}
            {checkOut && (
              <>
                {t('trip.checkOut')}: <bdi>{checkOut}</bdi>
              </>
            )}
          </p>
        )}
        {/* The server sends the number only to those who may read it (the contract's mayReadBookings). */}
        {accommodation.booking_confirmation && (
          <p className={classes.cardText} data-testid="booking-confirmation">
            {t('trip.bookingConfirmation')}:{' '}
            <bdi className={classes.bookingConfirmation}>{accommodation.booking_confirmation}</bdi>
          </p>
        )}
        <div className={actions.row}>
          {point && (
            <NavigationLinks
              point={point}
              name={accommodation.name}
              address={accommodation.navigation_address}
            />
          )}
          {link && (
            <a
              className={`${actions.action} ${actions.default}`}
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('trip.viewPlaceLabel', { name: accommodation.name })}
            >
              {t('trip.viewPlace')}
            </a>
          )}
          {hotelsUrl && (
            <a
              className={`${actions.action} ${actions.light}`}
              href={hotelsUrl}
              target="_blank"
              rel="noopener noreferrer sponsored"
              onClick={onHotels}
              aria-label={t('trip.recommendedHotelsLabel', { place: affiliate?.name ?? accommodation.name })}
            >
              <IconBuildingSkyscraper size={16} aria-hidden />
              {t('trip.recommendedHotels')}
            </a>
          )}
          {authorActions}
        </div>
      </div>
    </section>
  );
});
