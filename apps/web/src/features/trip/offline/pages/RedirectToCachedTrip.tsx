import { Navigate } from 'react-router';
import { lastTripId } from '../../cache/trip-cache';
import { paths } from '../../../../lib/paths';

/** /redirect_to_cached_ride_if_exists (002 §2.1): the last viewed trip (local storage), or the home page. */
export default function RedirectToCachedTrip() {
  const id = lastTripId();
  return <Navigate to={id === null ? '/' : paths.trip(id)} replace />;
}
