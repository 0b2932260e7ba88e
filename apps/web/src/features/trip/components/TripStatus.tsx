// Moved to components/TripStatus.tsx (the private landing page shows the same not-found page); kept for TripPage.tsx.
export { TripLoadError, TripNotFound } from '../../../components/TripStatus';
