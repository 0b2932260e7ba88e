import { useTranslation } from 'react-i18next';
import { HowItWorksSteps } from '../../../components/HowItWorksSteps';
import classes from './Search.module.css';

/** 001 §2: the search page shows the three steps too (the home page's texts and cards). */
export function SearchHowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="search-how-title" className={classes.how}>
      <h2 id="search-how-title" className={classes.howTitle}>
        {t('home.how.title')}
      </h2>
      <HowItWorksSteps />
    </section>
  );
}
