import type { BaseMapProps } from '../../../../components/map/types';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface LocationMapProps extends BaseMapProps {
  /** The attraction's place, or null while none is chosen. */
  value: LatLng | null;
  onChange(value: LatLng): void;
  /** Where to look while there is no place yet (the trip day's places). */
  around: LatLng | null;
  /** The pin's name for screen readers and its tooltip. */
  pinLabel: string;
}
