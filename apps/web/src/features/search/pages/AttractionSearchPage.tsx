import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { ResultsWithMap } from '../../../components/ResultsWithMap';
import resultsLayout from '../../../components/ResultsWithMap.module.css';
import type { PlacePoint } from '../../../components/map/types';
import { useSharedAttractions } from '../api/shared-attractions';
import { attractionNumber, AttractionResults } from '../components/AttractionResults';
import { LoadError } from '../components/LoadError';
import { SearchForm } from '../components/SearchForm';
import searchClasses from '../components/Search.module.css';
import { attractionSearchHref, readTripSearch } from '../lib/search-params';

/**
 * /serch_attractions_with_map (001 §2): pick a place, see our attractions near it (those shared trips use) on a map
 * and as a numbered list, nearest first. With no place the map shows its default view, near 48.18, 16.3 (000 §9).
 * The search is the address (?lat&lng&place), like the trip search, so back/forward and a shared link work.
 */
export default function AttractionSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const search = useMemo(() => readTripSearch(params), [params]);
  // One object per address, so the map reframes only when the place changes.
  const point = useMemo(
    () => (search.lat !== null && search.lng !== null ? { lat: search.lat, lng: search.lng } : null),
    [search],
  );
  const placeName = point ? search.place || t('search.thePlace') : '';
  const found = useSharedAttractions(point);
  const attractions = useMemo(() => (point ? (found.data?.attractions ?? []) : []), [point, found.data]);
  const title = point ? t('attractionSearch.titleNear', { place: placeName }) : t('attractionSearch.title');

  // The map's pins carry the list's numbers (distance order).
  const mapPlaces = useMemo<PlacePoint[]>(
    () => attractions.map((a) => ({ id: a.id, lat: a.lat, lng: a.lng, label: a.title })),
    [attractions],
  );

  let results;
  if (!point)
    results = (
      <p className={resultsLayout.prompt} role="status">
        {t('attractionSearch.pickPlace')}
      </p>
    );
  else if (found.isError)
    results = <LoadError error={found.error} onRetry={() => void found.refetch()} retrying={found.isFetching} />;
  else if (found.isPending)
    results = (
      <p className={resultsLayout.prompt} role="status">
        {t('attractionSearch.loading')}
      </p>
    );
  else if (attractions.length === 0)
    results = (
      <div className={searchClasses.empty} role="status">
        <Text fw={600} fz="lg">
          {t('attractionSearch.empty', { place: placeName })}
        </Text>
        <Text c="dimmed">{t('attractionSearch.emptyHint')}</Text>
      </div>
    );
  else results = <AttractionResults attractions={attractions} />;

  return (
    <div className={searchClasses.page}>
      <DocumentTitle title={title} />
      <header className={searchClasses.head}>
        <h1 className={searchClasses.title}>{title}</h1>
        <p className={searchClasses.lead}>{t('attractionSearch.lead')}</p>
        <SearchForm
          key={`${search.lat},${search.lng},${search.place}`}
          place={point ? search.place : ''}
          label={t('attractionSearch.placeLabel')}
          placeholder={t('attractionSearch.placeholder')}
          onPlace={(p) => navigate(attractionSearchHref({ lat: p.lat, lng: p.lng, place: p.name }))}
          onClear={() => navigate(attractionSearchHref({ lat: null, lng: null, place: '' }))}
        />
      </header>
      <ResultsWithMap
        titleId="attraction-results-title"
        titleClassName={searchClasses.resultsTitle}
        title={
          <>
            {point ? t('attractionSearch.resultsNear', { place: placeName }) : t('attractionSearch.results')}
            {point && found.data && (
              <span className={searchClasses.resultsCount}> ({t('attractionSearch.count', { count: attractions.length })})</span>
            )}
          </>
        }
        cardAttribute="data-attraction-id"
        map={{
          places: mapPlaces,
          center: point,
          placeLabel: (p, i) => t('attractionSearch.marker', { number: attractionNumber(i), title: p.label }),
          centerLabel: placeName,
          ariaLabel: t('attractionSearch.mapLabel'),
        }}
      >
        {results}
      </ResultsWithMap>
    </div>
  );
}
