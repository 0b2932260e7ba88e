import type { ReactNode } from 'react';
import { PlacesMap } from './map/TripMapShell';
import type { PlacePoint, PlacesMapProps } from './map/types';
import classes from './ResultsWithMap.module.css';

interface ResultsWithMapProps {
  /** The results heading's id: it names the section. */
  titleId: string;
  /** The heading's content (what was searched, how many found) and its class (each page sizes its own headings). */
  title: ReactNode;
  titleClassName?: string | undefined;
  /** The numbered list, or what to say instead of it. */
  children: ReactNode;
  /** The attribute that marks a place's card with its id: a pin's click brings that card into view and focus. */
  cardAttribute: `data-${string}`;
  /** The map: the list's places in list order (the pins carry the list's numbers), the searched point, the names. */
  map: Omit<PlacesMapProps, 'onPick' | 'height' | 'className'>;
}

/**
 * The searches' results (hotels, attractions): a titled section with the numbered list beside PlacesMap, the map first on
 * a phone. The layout's classes are ResultsWithMap.module.css's, which the add-activity page composes for its own map.
 */
export function ResultsWithMap({ titleId, title, titleClassName, children, cardAttribute, map }: ResultsWithMapProps) {
  const showCard = (id: PlacePoint['id']) => {
    const card = document.querySelector<HTMLElement>(`[${cardAttribute}="${String(id)}"]`);
    card?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    card?.focus({ preventScroll: true });
  };
  return (
    <div className={`${classes.layout} ${classes.below}`}>
      <section aria-labelledby={titleId} className={classes.results}>
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {children}
      </section>
      <div className={`${classes.mapColumn} ${classes.sizedColumn}`}>
        <PlacesMap {...map} onPick={showCard} height="100%" className={`${classes.map} ${classes.fill}`} />
      </div>
    </div>
  );
}
