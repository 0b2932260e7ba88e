import { Anchor, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { placeDetailsQuery } from '../../../lib/places/place-details';
import { placeLanguageOf, placesAutocompleteQuery } from '../../../lib/places/places-autocomplete';
import { LoadError } from '../components/LoadError';
import { SearchForm } from '../components/SearchForm';
import { SearchHowItWorks } from '../components/SearchHowItWorks';
import { ResultsSkeleton, SearchResults } from '../components/SearchResults';
import classes from '../components/Search.module.css';
import { ATTRACTION_SEARCH_PATH, tripSearchHref, SEARCH_RIDE_PATH } from '../lib/search-params';
import { UserText } from '../../../components/UserText';

/** Where an empty name goes (001 §2: "empty input goes to the attraction search"). */
const EMPTY_NAME_TARGET = ATTRACTION_SEARCH_PATH;

/**
 * /search_ride_by_name/{location_name} (001 §2). There is no search of trips by name in the call catalogue, so the
 * name is looked up with places_autocomplete and the trips near its first place are shown, saying which place that
 * was (and offering the box to pick another).
 */
export default function SearchTripByNamePage() {
  const { locationName = '' } = useParams();
  const name = locationName.trim();
  if (!name) return <Navigate to={EMPTY_NAME_TARGET} replace />;
  return <ByName key={name} name={name} />;
}

function ByName({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const language = placeLanguageOf(i18n.language);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mobility = params.get('mobility') === '1';

  const geocode = useQuery({ ...placesAutocompleteQuery({ q: name, language }), staleTime: 5 * 60_000 });
  const first = geocode.data?.suggestions[0] ?? null;
  const needsDetails = first !== null && (first.lat === null || first.lng === null);
  const details = useQuery({
    ...placeDetailsQuery(first?.source ?? 'local', first?.id ?? '', language),
    enabled: needsDetails,
  });
  const point =
    first && first.lat !== null && first.lng !== null
      ? { lat: first.lat, lng: first.lng }
      : details.data
        ? { lat: details.data.place.lat, lng: details.data.place.lng }
        : null;

  const title = t('search.byName.title', { name });
  const failed = geocode.isError ? geocode : needsDetails && details.isError ? details : null;

  let body;
  if (failed)
    body = (
      <LoadError error={failed.error} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
    );
  else if (geocode.isPending || (needsDetails && details.isPending)) body = <ResultsSkeleton />;
  else if (!first || !point)
    body = (
      <section aria-labelledby="search-results-title" className={classes.results}>
        <h2 id="search-results-title" className={classes.resultsTitle}>
          {t('search.byName.noPlaceTitle')}
        </h2>
        <div className={classes.empty} role="status">
          <Text fw={600} fz="lg">
            {t('search.byName.noPlace', { name })}
          </Text>
          <Text c="dimmed">{t('search.byName.noPlaceHint')}</Text>
          <Anchor component={Link} to={SEARCH_RIDE_PATH}>
            {t('search.byName.allTrips')}
          </Anchor>
        </div>
      </section>
    );
  else
    body = (
      <>
        <p className={classes.usedPlace} role="status">
          <IconMapPin aria-hidden size={18} />
          <span>
            {t('search.byName.usedPlace', { name })}{' '}
            <strong>
              <UserText>{first.name}</UserText>
              {first.secondary && (
                <>
                  {', '}
                  <UserText>{first.secondary}</UserText>
                </>
              )}
            </strong>
          </span>
        </p>
        <SearchResults
          filter={{ lat: point.lat, lng: point.lng, mobility }}
          heading={t('search.resultsNear', { place: first.name })}
        />
      </>
    );

  return (
    <div className={classes.page}>
      <DocumentTitle title={title} />
      <header className={classes.head}>
        <h1 className={classes.title}>{title}</h1>
        <p className={classes.lead}>{t('search.byName.lead')}</p>
        <SearchForm
          place={name}
          mobility={mobility}
          onPlace={(p) => navigate(tripSearchHref({ lat: p.lat, lng: p.lng, place: p.name, mobility }))}
          onMobility={(checked) => {
            const next = new URLSearchParams(params);
            if (checked) next.set('mobility', '1');
            else next.delete('mobility');
            setParams(next);
          }}
          onClear={() => navigate(tripSearchHref({ lat: null, lng: null, place: '', mobility }))}
        />
      </header>
      {body}
      <SearchHowItWorks />
    </div>
  );
}
