import { dayColour } from '../../../../components/map/markers';

/** A place on the add-activity map. */
export interface ActivityMapPoint {
  id: string;
  lat: number;
  lng: number;
  /** Its name: the tooltip (plain text). */
  label: string;
}

export interface AddActivityMapProps {
  /** The trip's activities ("in the trip"). */
  inTrip: readonly ActivityMapPoint[];
  /** The results, in list order ("fits the selected day"): numbered 1–9, then '+'. */
  results: readonly ActivityMapPoint[];
  /** The searched point (keep the object stable: a new one reframes the map). */
  center: { lat: number; lng: number } | null;
  onPick?: (id: string) => void;
  resultLabel: (place: ActivityMapPoint, index: number) => string;
  height?: number | string;
  ariaLabel?: string;
  className?: string;
}

/** The results' pin colour, shared by the map and its legend. */
export const FITS_COLOUR = dayColour(0);
