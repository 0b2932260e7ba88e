import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { SearchForm } from '../components/SearchForm';
import { SearchHowItWorks } from '../components/SearchHowItWorks';
import { SearchResults } from '../components/SearchResults';
import classes from '../components/Search.module.css';
import { readTripSearch, tripSearchHref } from '../lib/search-params';

/**
 * /search_ride (001 §2): the destination box, the limited-mobility filter, the trips near the picked place (every
 * shared trip when none), and how it works. The search is the address (?lat&lng&place&mobility).
 */
export default function SearchTripPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = readTripSearch(params);
  const hasPoint = search.lat !== null && search.lng !== null;
  const placeName = hasPoint ? search.place || t('search.thePlace') : '';
  const title = hasPoint ? t('search.titleNear', { place: placeName }) : t('search.title');

  return (
    <div className={classes.page}>
      <DocumentTitle title={title} />
      <header className={classes.head}>
        <h1 className={classes.title}>{title}</h1>
        <p className={classes.lead}>{t('search.lead')}</p>
        <SearchForm
          key={`${search.lat},${search.lng},${search.place}`}
          place={hasPoint ? search.place : ''}
          mobility={search.mobility}
          onPlace={(p) =>
            navigate(tripSearchHref({ lat: p.lat, lng: p.lng, place: p.name, mobility: search.mobility }))
          }
          onMobility={(mobility) => navigate(tripSearchHref({ ...search, mobility }))}
          onClear={() =>
            navigate(tripSearchHref({ lat: null, lng: null, place: '', mobility: search.mobility }))
          }
        />
      </header>
      <SearchResults
        filter={{ lat: search.lat, lng: search.lng, mobility: search.mobility }}
        heading={hasPoint ? t('search.resultsNear', { place: placeName }) : t('search.resultsAll')}
      />
      <SearchHowItWorks />
    </div>
  );
}
