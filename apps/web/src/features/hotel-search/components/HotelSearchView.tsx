import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { IconArrowBack, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { FormAlert } from '../../../components/FormAlert';
import { PlaceAutocomplete } from '../../../components/PlaceAutocomplete/PlaceAutocomplete';
import { ResultsWithMap } from '../../../components/ResultsWithMap';
import resultsLayout from '../../../components/ResultsWithMap.module.css';
import type { PlacePoint } from '../../../components/map/types';
import { errorCode } from '../../../lib/api';
import { hotelSearchByNamePath, hotelSearchPath } from '../../../lib/screen-paths';
import { useHotelsNear } from '../api/hotels';
import { hotelNumber, HotelResults } from './HotelResults';
import classes from './HotelSearch.module.css';
import { paths } from '../../../lib/paths';

interface HotelSearchViewProps {
  /** The searched point, or null (none picked yet, or a name not found). Keep it stable: a new one reframes the map. */
  point: { lat: number; lng: number } | null;
  /** The place's name, for the headings and the box. */
  place: string;
  /** The trip it was opened from: "back to trip", and kept in the next searches. */
  rideId: number | null;
  /** Something to say instead of the results (looking the name up, or not finding it). */
  status?: ReactNode;
}

/**
 * 001 §2 /search_accommodations: a place box (a place must come from the suggestions; typed text goes to the search by
 * name), the hotels of shared trips near it as a numbered list and on a map, and "back to trip" when a trip is loaded.
 */
export function HotelSearchView({ point, place, rideId, status }: HotelSearchViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(place);
  const found = useHotelsNear(point);
  const hotels = useMemo(() => (point ? (found.data?.accommodations ?? []) : []), [point, found.data]);
  const placeName = point ? place || t('hotelSearch.thePlace') : '';
  const title = point ? t('hotelSearch.titleNear', { place: placeName }) : t('hotelSearch.title');
  const mapPlaces = useMemo<PlacePoint[]>(() => hotels.map((h) => ({ id: h.id, lat: h.latitude, lng: h.longtitude, label: h.name })), [hotels]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = text.trim();
    if (typed && typed !== place.trim()) void navigate(hotelSearchByNamePath(typed));
  };

  let results;
  if (status) results = status;
  else if (!point) results = <p className={resultsLayout.prompt} role="status">{t('hotelSearch.pickPlace')}</p>;
  else if (found.isError) results = <FormAlert code={errorCode(found.error)} />;
  else if (found.isPending) results = <p className={resultsLayout.prompt} role="status">{t('hotelSearch.loading')}</p>;
  else if (hotels.length === 0)
    results = (
      <div role="status">
        <Text fw={600} fz="lg">
          {t('hotelSearch.empty', { place: placeName })}
        </Text>
        <Text c="dimmed">{t('hotelSearch.emptyHint')}</Text>
      </div>
    );
  else results = <HotelResults hotels={hotels} rideId={rideId} />;

  return (
    <div className={classes.page}>
      <DocumentTitle title={title} />
      <header className={classes.head}>
        <div className={classes.titleRow}>
          <h1 className={classes.title}>{title}</h1>
          {rideId !== null && (
            <Button component={Link} to={paths.trip(rideId)} variant="default" leftSection={<IconArrowBack size={16} aria-hidden />}>
              {t('hotelSearch.backToTrip')}
            </Button>
          )}
        </div>
        <p className={classes.lead}>{t('hotelSearch.lead')}</p>
        <form className={classes.form} onSubmit={submit} role="search" aria-label={t('hotelSearch.formLabel')}>
          <PlaceAutocomplete
            className={classes.box}
            value={text}
            onChange={setText}
            onPick={(p) => void navigate(hotelSearchPath({ lat: p.lat, lng: p.lng, place: p.name, rideId }))}
            label={t('hotelSearch.placeLabel')}
            placeholder={t('hotelSearch.placeholder')}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('hotelSearch.search')}
          </Button>
        </form>
      </header>
      <ResultsWithMap
        titleId="hotel-results-title"
        titleClassName={classes.resultsTitle}
        title={
          <>
            {point ? t('hotelSearch.resultsNear', { place: placeName }) : t('hotelSearch.results')}
            {point && found.data && <span> ({t('hotelSearch.count', { count: hotels.length })})</span>}
          </>
        }
        cardAttribute="data-hotel-id"
        map={{
          places: mapPlaces,
          center: point,
          placeLabel: (p, i) => t('hotelSearch.marker', { number: hotelNumber(i), name: p.label }),
          centerLabel: placeName,
          ariaLabel: t('hotelSearch.mapLabel'),
        }}
      >
        {results}
      </ResultsWithMap>
    </div>
  );
}
