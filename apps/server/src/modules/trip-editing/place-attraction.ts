import { TITLE_MAX, type PlaceDetails } from '@rides/contract';
import type { NewAttraction } from '../../db/schema/index.js';

/**
 * An attraction made from a maps-service place (add_google_attraction_to_ride_api), owned by the user who added it: the
 * place's name, address, site, rating, coordinates, opening hours, reviews and first photo, and its Google place id
 * (the key of check_if_user_has_place_id_in_attractions_api and of the affiliate mappings). No text: the place's
 * description is the maps service's, the author writes their own.
 */
export function attractionFromPlace(place: PlaceDetails, authorId: number): NewAttraction {
  const photo = place.photos[0];
  return {
    authorId,
    title: place.name.slice(0, TITLE_MAX),
    address: place.address,
    text: '',
    link: place.website,
    rate: place.rating,
    lat: place.lat,
    lng: place.lng,
    imageUrl: photo?.url ?? null,
    imageHtmlAttributions: photo?.htmlAttributions ?? [],
    placeId: place.googlePlaceId ?? (place.source === 'google' ? place.id : null),
    openingHours: place.openingHours?.weekday_text ?? null,
    osmOpeningHours: place.osmOpeningHours ?? null,
    reviews: place.reviews,
    googleImage: place.source === 'google' ? (photo?.url ?? null) : null,
  };
}
