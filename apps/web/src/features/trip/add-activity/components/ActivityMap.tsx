import { lazyMap } from '../../../../components/map/TripMapShell';
import type { AddActivityMapProps } from './add-activity-map-types';

/** The add-activity map, in its own chunk with Leaflet, loaded when it comes near the viewport. */
export const ActivityMap = lazyMap<AddActivityMapProps>(() => import('./AddActivityMap'));
