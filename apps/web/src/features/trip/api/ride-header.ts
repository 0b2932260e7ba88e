// Moved to lib/trip/ride-header.ts (other features read it too); re-exported for TripPage.tsx, which imports it here.
export * from '../../../lib/trip/ride-header';
