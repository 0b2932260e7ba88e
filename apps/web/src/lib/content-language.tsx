import { createContext, useContext } from 'react';

/** The language and direction of a trip's own texts, as attributes: `<h1 {...content}>`. */
interface ContentLanguage {
  lang?: 'he' | 'en';
  dir?: 'rtl' | 'ltr';
}

/**
 * A trip's texts are in the trip's language, which is not the interface's (the user's choice alone, decision 0042):
 * an English trip read in the Hebrew interface keeps the interface right to left and shows its own texts left to
 * right, and the other way round.
 */
export const tripContentLanguage = (language: string): Required<ContentLanguage> =>
  language === 'english' ? { lang: 'en', dir: 'ltr' } : { lang: 'he', dir: 'rtl' };

const NONE: ContentLanguage = {};
const Context = createContext<ContentLanguage>(NONE);

/** Set by the trip's pages around what shows the trip's texts; RichText and the cards' titles read it. */
export const ContentLanguageProvider = Context.Provider;

/** The attributes of the trip's text being shown here; none outside a trip (the text then follows the page). */
export const useContentLanguage = (): ContentLanguage => useContext(Context);
