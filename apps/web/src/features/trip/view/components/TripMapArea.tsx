import { TripMap, type MapPoint } from '../../../../components/map';

interface TripMapAreaProps {
  points: MapPoint[];
  focusDay?: number;
  height: number | string;
  ariaLabel: string;
  onMarkerClick?: (id: MapPoint['id']) => void;
  className?: string;
}

/** The trip's map (components/map: Leaflet in its own lazy chunk, with a same-size placeholder while it loads). */
export function TripMapArea({ points, focusDay, height, ariaLabel, onMarkerClick, className }: TripMapAreaProps) {
  return (
    <TripMap
      points={points}
      focusDay={focusDay}
      height={height}
      ariaLabel={ariaLabel}
      onMarkerClick={onMarkerClick}
      showRoute
      className={className}
    />
  );
}
