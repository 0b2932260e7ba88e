import { useTranslation } from 'react-i18next';
import { en } from '../content/en';
import { he } from '../content/he';
import type { StaticPageContent, StaticPageId } from '../content/types';

/** The page's text in the current UI language. */
export function useStaticContent(id: StaticPageId): StaticPageContent {
  const { i18n } = useTranslation();
  return (i18n.language === 'en' ? en : he)[id];
}
