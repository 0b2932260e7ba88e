import { lazyMap } from '../../../../components/map/TripMapShell';
import type { LocationMapProps } from './location-map-types';

/** The editor's map, in its own chunk with Leaflet, loaded when it comes near the viewport. */
export const LocationPicker = lazyMap<LocationMapProps>(() => import('./LocationMap'));
