import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { HotelSearchView } from '../components/HotelSearchView';
import { readHotelSearch } from '../lib/hotel-search-params';

/** /search_accommodations?lat&lng&place[&rideId] (001 §2): the search is the address. */
export default function HotelSearchPage() {
  const [params] = useSearchParams();
  const search = useMemo(() => readHotelSearch(params), [params]);
  const point = useMemo(() => (search.lat !== null && search.lng !== null ? { lat: search.lat, lng: search.lng } : null), [search]);
  return <HotelSearchView key={`${search.lat},${search.lng},${search.place}`} point={point} place={search.place} rideId={search.rideId} />;
}
