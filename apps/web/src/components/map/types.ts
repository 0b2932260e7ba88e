/** One point on the trip map: an attraction (numbered pin) or an accommodation (lettered pin). */
export interface MapPoint {
  /** Stable id, handed back by `onMarkerClick`. */
  id: string | number;
  lat: number;
  lng: number;
  /** The place's name: the marker's tooltip and accessible name (plain text, never HTML). */
  label: string;
  kind: 'attraction' | 'accommodation';
  /** 0-based day of the trip; picks the colour (day % 11). */
  day: number;
  /**
   * Further days the place belongs to, beyond `day` (the next nights of a stay, whose marker is drawn once on its
   * first night): framing one of these days includes it too.
   */
  alsoDays?: readonly number[];
  /**
   * 1-based position within the day. Attractions show 1–9, then '+' (10 and beyond) and are joined in this order
   * by the route; accommodations show A–J by this order (J is reused beyond the tenth).
   */
  order: number;
}

/** What every map takes besides its content. */
export interface BaseMapProps {
  /** Tile URL template. Default: VITE_MAP_TILE_URL, else OpenStreetMap. */
  tileUrl?: string;
  /** Tile attribution (trusted HTML from configuration, never user input). Default: VITE_MAP_ATTRIBUTION, else OSM's. */
  attribution?: string;
  /** CSS height of the map; a number is pixels. Default 400. */
  height?: number | string;
  /** Accessible name of the map region. Default: the translated "Trip map". */
  ariaLabel?: string;
  /** Text direction of the page; default follows the current i18next language (he → rtl). */
  dir?: 'rtl' | 'ltr';
  /** Extra class on the outer element (for layout: sticky, rounded corners...). */
  className?: string;
}

export interface TripMapProps extends BaseMapProps {
  points: readonly MapPoint[];
  /** When set, the map fits (animated) to that day's points (`dayPoints`: its stay included); when unset, to all. */
  focusDay?: number;
  /** Called with the point's id when its marker is clicked or activated with Enter/Space. */
  onMarkerClick?: (id: MapPoint['id']) => void;
  /** Draw a line per day through its attractions in order, with each leg's straight-line distance. Default false. */
  showRoute?: boolean;
}

/** A place with a number on it (how many trips pass there). */
export interface CountPoint {
  lat: number;
  lng: number;
  count: number;
}

export interface CountsMapProps extends BaseMapProps {
  points: readonly CountPoint[];
  /** Called when a point's marker is clicked or activated with Enter/Space. */
  onPick?: (point: CountPoint) => void;
  /** The marker's accessible name, from its count (e.g. "12 trips here"). */
  markerLabel: (point: CountPoint) => string;
  /** A cluster's accessible name, from its number of places and their summed counts. Default: "N places, zoom in". */
  clusterLabel?: (places: number, total: number) => string;
}

/** One search result on a PlacesMap. */
export interface PlacePoint {
  id: string | number;
  lat: number;
  lng: number;
  /** Its name: the tooltip (plain text, never HTML). */
  label: string;
}

export interface PlacesMapProps extends BaseMapProps {
  /** In list order: the pins are numbered 1–9, then '+'. */
  places: readonly PlacePoint[];
  /** The searched point, drawn as a ring (keep the object stable: a new one reframes the map). */
  center?: { lat: number; lng: number } | null;
  /** Called with a place's id when its pin is clicked or activated with Enter/Space. */
  onPick?: (id: PlacePoint['id']) => void;
  /** A pin's accessible name, from the place and its 0-based position. */
  placeLabel: (place: PlacePoint, index: number) => string;
  /** The searched point's text alternative. */
  centerLabel?: string;
}
