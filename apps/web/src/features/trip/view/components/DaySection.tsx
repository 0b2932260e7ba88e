import { memo, type ReactNode } from 'react';
import {
  dayStops,
  isolateUserText,
  type AccommodationWire,
  type RideAttractionWire,
  type TripDay,
} from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { dayElementId } from '../hooks/useFocusedDay';
import { toDisplayDate } from '../../../../lib/format';
import { AccommodationCard } from './AccommodationCard';
import { AttractionCard } from './AttractionCard';
import { DayMapsLinksLater } from '../../export/later';
import { Later } from '../../../../components/Later';
import { RichText } from '../../../../components/RichText';
import classes from './Trip.module.css';

interface DaySectionProps {
  day: TripDay;
  /** The day before (where this day starts: its night's stay), for "open the day in Google Maps". */
  previousDay?: TripDay;
  index: number;
  notes: string[];
  /** Show the full accommodation card (the first night there); later nights name the place in the header. */
  showAccommodationCard: boolean;
  onImage: (image: { src: string; alt: string }) => void;
  onDetails: (id: number) => void;
  rideId: number;
  tripPrivate: boolean;
  /** The author's day options (features/trip-editing); absent for other readers. */
  dayActions?: (dayIndex: number) => ReactNode;
  /** The author's buttons for an activity card; absent for other readers. */
  attractionActions?: (attraction: RideAttractionWire, dayIndex: number) => ReactNode;
  /** The author's button for the accommodation card; absent for other readers. */
  accommodationActions?: (stay: AccommodationWire) => ReactNode;
}

/**
 * 000 §2 "Day list": "day N", its date, where the night is spent, then the activities, notes and the stay.
 * Memoised: the page re-renders as the focused day changes while scrolling, and the days do not.
 */
export const DaySection = memo(function DaySection({
  day,
  previousDay,
  index,
  notes,
  showAccommodationCard,
  onImage,
  onDetails,
  rideId,
  tripPrivate,
  dayActions,
  attractionActions,
  accommodationActions,
}: DaySectionProps) {
  const { t } = useTranslation();
  const date = toDisplayDate(day.dateTime);
  const stay = day.accommodation ?? day.base_trip_accommodation;
  const headingId = `${dayElementId(index)}-heading`;
  return (
    <section id={dayElementId(index)} className={classes.day} aria-labelledby={headingId} tabIndex={-1}>
      <div className={classes.dayHeader}>
        <h3 id={headingId} className={classes.dayTitle}>
          {t('trip.dayN', { number: index + 1 })}
        </h3>
        {date && (
          <span className={classes.dayDate}>
            <bdi>{date}</bdi>
          </span>
        )}
        {stay && (
          <span className={classes.smallDimmed}>
            {t('trip.nightAt', { place: isolateUserText(stay.cuntry_and_city ?? stay.name) })}
          </span>
        )}
        {dayActions?.(index)}
      </div>
      <Later>
        <DayMapsLinksLater stops={dayStops(previousDay ? [previousDay, day] : [day], previousDay ? 1 : 0)} />
      </Later>
      <div className={classes.dayItems}>
        {day.daily_attractions.length === 0 && (
          <p className={classes.smallDimmed}>{t('trip.noActivities')}</p>
        )}
        {day.daily_attractions.map((a, i) => (
          <AttractionCard
            key={`${a.id}-${i}`}
            attraction={a}
            number={i + 1}
            onImage={onImage}
            onDetails={onDetails}
            actions={attractionActions?.(a, index)}
          />
        ))}
        {notes.map((n, i) => (
          <aside key={i} aria-label={t('trip.dayNotes')}>
            <RichText html={n} />
          </aside>
        ))}
        {stay && showAccommodationCard && (
          <AccommodationCard
            accommodation={stay}
            anchor
            tripPrivate={tripPrivate}
            rideId={rideId}
            actions={accommodationActions?.(stay)}
          />
        )}
      </div>
    </section>
  );
});
