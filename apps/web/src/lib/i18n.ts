import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE, STORAGE_KEYS, UI_LANGUAGES, type UiLanguage } from '@rides/contract';
import { local } from './storage';

/**
 * Hebrew is the default, English the other UI language (001 §9). The choice is kept in localStorage
 * as `selectedLanguage` and `<html lang dir>` follow it. Only the active language's file is loaded.
 */
export const DEFAULT_LANGUAGE: UiLanguage = 'he';

export const isUiLanguage = (v: unknown): v is UiLanguage =>
  typeof v === 'string' && (UI_LANGUAGES as readonly string[]).includes(v);

export const directionOf = (lng: UiLanguage): 'rtl' | 'ltr' => (lng === 'he' ? 'rtl' : 'ltr');

export function storedLanguage(): UiLanguage {
  const v = local.get(STORAGE_KEYS.selectedLanguage);
  return isUiLanguage(v) ? v : DEFAULT_LANGUAGE;
}

type Resources = Record<string, unknown>;

const loaders: Record<UiLanguage, () => Promise<{ default: Resources }>> = {
  he: () => import('../locales/he.json'),
  en: () => import('../locales/en.json'),
};

async function ensureLoaded(lng: UiLanguage): Promise<void> {
  if (i18next.hasResourceBundle(lng, 'translation')) return;
  const { default: resources } = await loaders[lng]();
  i18next.addResourceBundle(lng, 'translation', resources, true, true);
}

function applyToDocument(lng: UiLanguage): void {
  const html = document.documentElement;
  html.lang = lng;
  html.dir = directionOf(lng);
  // For the server's rendering of the next page (a year; renewed at every start).
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

/** A trip's language as a UI language (000 §4: the trip page reads in its trip's language). */
export const tripUiLanguage = (language: string): UiLanguage => (language === 'english' ? 'en' : 'he');

/**
 * Starts i18next in the stored language, or in `lng` (a trip page rendered by the server in its trip's language),
 * which is then kept as the trip page would keep it (see useTripLanguage).
 */
export async function initI18n(lng: UiLanguage = storedLanguage()): Promise<void> {
  if (lng !== storedLanguage()) local.set(STORAGE_KEYS.selectedLanguage, lng);
  applyToDocument(lng);
  const { default: resources } = await loaders[lng]();
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    supportedLngs: [...UI_LANGUAGES],
    resources: { [lng]: { translation: resources } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
}

export async function changeLanguage(lng: UiLanguage): Promise<void> {
  await ensureLoaded(lng);
  await i18next.changeLanguage(lng);
  local.set(STORAGE_KEYS.selectedLanguage, lng);
  applyToDocument(lng);
}

export const currentLanguage = (): UiLanguage =>
  isUiLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;

/**
 * The translation key for a code from the server (or the client): the code itself when we have a text for it,
 * otherwise the generic message. Codes never contain dots, so they cannot reach nested UI keys.
 */
export function messageKey(code: string | null | undefined): string {
  if (!code || code.includes('.') || !/^[A-Za-z0-9_]+$/.test(code)) return 'unknown_error';
  return i18next.exists(code) && typeof i18next.t(code, { returnObjects: true }) === 'string'
    ? code
    : 'unknown_error';
}

export { i18next };
