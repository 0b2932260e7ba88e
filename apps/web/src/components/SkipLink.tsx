import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** First focusable element: jumps over the header to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className={classes.skip}>
      {t('app.skipToContent')}
    </a>
  );
}
