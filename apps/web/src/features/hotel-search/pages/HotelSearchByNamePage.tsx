import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { errorCode } from '../../../lib/api';
import { placeDetailsQuery } from '../../../lib/places/place-details';
import { placeLanguageOf, placesAutocompleteQuery } from '../../../lib/places/places-autocomplete';
import { HotelSearchView } from '../components/HotelSearchView';
import { HOTEL_SEARCH_PATH } from '../../../lib/screen-paths';
import { readHotelSearch } from '../lib/hotel-search-params';

/**
 * /search_accommodations_by_name/{location_name} (001 §2). The call catalogue has no hotel search by name, so the name
 * is looked up with places_autocomplete and the hotels near its first place are shown, naming that place. An empty
 * name is the search with no place.
 */
export default function HotelSearchByNamePage() {
  const { locationName = '' } = useParams();
  const name = locationName.trim();
  if (!name) return <Navigate to={HOTEL_SEARCH_PATH} replace />;
  return <ByName key={name} name={name} />;
}

function ByName({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const language = placeLanguageOf(i18n.language);
  const [params] = useSearchParams();
  const rideId = readHotelSearch(params).rideId;
  const geocode = useQuery({ ...placesAutocompleteQuery({ q: name, language }), staleTime: 5 * 60_000 });
  const first = geocode.data?.suggestions[0] ?? null;
  const needsDetails = first !== null && (first.lat === null || first.lng === null);
  const details = useQuery({ ...placeDetailsQuery(first?.source ?? 'local', first?.id ?? '', language), enabled: needsDetails });
  const lat = first?.lat ?? details.data?.place.lat ?? null;
  const lng = first?.lng ?? details.data?.place.lng ?? null;
  const point = useMemo(() => (lat !== null && lng !== null ? { lat, lng } : null), [lat, lng]);

  const failed = geocode.isError ? geocode.error : needsDetails && details.isError ? details.error : null;
  let status;
  if (failed) status = <FormAlert code={errorCode(failed)} />;
  else if (geocode.isPending || (needsDetails && details.isPending)) status = <p role="status">{t('hotelSearch.lookingUp', { name })}</p>;
  else if (!first) status = <p role="status">{t('hotelSearch.nameNotFound', { name })}</p>;
  const place = first?.name ?? name;
  return <HotelSearchView key={place} point={point} place={place} rideId={rideId} status={status} />;
}
