import { ADDRESSES, isolateUserText, pageLink, type TripLanguage } from '@rides/contract';
import { textsOf, tripTextLanguage } from '../../lib/texts.js';
import { letter } from '../../providers/mail/letter.js';

/**
 * The mail that asks the trip's owner about a held mail (issue 34: "its member is asked to accept it"), in the trip's
 * language: who sent it and where to let it in or dismiss it. Nothing of the held mail itself (its subject, its
 * bookings): it came from someone who is not one of the trip's people.
 */
export function heldBookingMail(
  language: TripLanguage,
  trip: { title: string; rideId: number },
  from: string | null,
  publicAddress: string,
) {
  const lang = tripTextLanguage(language);
  const t = textsOf(lang, 'mail');
  const link = `${publicAddress}${pageLink(ADDRESSES.trip, { rideId: trip.rideId })}`;
  const sender = from ? isolateUserText(from) : t('heldBooking.unknownSender');
  return letter(
    lang,
    t('heldBooking.subject', { trip: trip.title }),
    [t('heldBooking.body', { from: sender }), link],
    link,
  );
}
