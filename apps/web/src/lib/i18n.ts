import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE, STORAGE_KEYS, UI_LANGUAGES, type UiLanguage } from '@rides/contract';
import { localeLoaders } from 'virtual:locale-groups';
import type { LocaleGroup } from '../locales/groups';
import type en from '../locales/en.json';
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

/**
 * The texts are split (docs/decisions/0021-locale-groups.md): the core loads at boot, each lazy group with the code
 * that reads it. `language` is the language being set up (known before i18next has finished starting), `requested`
 * every group some module has asked for, so a change of language brings them all along.
 */
let language: UiLanguage | null = null;
const requested = new Set<LocaleGroup>();
let markStarted: () => void = () => undefined;
/** Settles when i18next has started (initI18n): texts can be added to it only then. */
const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});
const loaded = new Map<string, Promise<void>>();

/** Loads one part of a language's texts once and adds it to i18next when i18next has started. */
function loadPart(lng: UiLanguage, part: 'core' | LocaleGroup): Promise<void> {
  const key = `${lng}:${part}`;
  let promise = loaded.get(key);
  if (!promise) {
    promise = Promise.all([localeLoaders[lng][part](), started]).then(([{ default: texts }]) => {
      i18next.addResourceBundle(lng, 'translation', texts, true, true);
    });
    loaded.set(key, promise);
  }
  return promise;
}

/**
 * Makes the texts of these groups ready in the current language: called where code is loaded lazily (a route of
 * app/router.tsx, or withTexts), so a module never renders before its texts are there. On the server every text is
 * there already (ssr/entry-server.tsx).
 */
export async function loadLocaleGroups(groups: readonly LocaleGroup[]): Promise<void> {
  if (import.meta.env.SSR) return;
  for (const group of groups) requested.add(group);
  const lng = language ?? storedLanguage();
  await Promise.all(groups.map((group) => loadPart(lng, group)));
}

function applyToDocument(lng: UiLanguage): void {
  const html = document.documentElement;
  html.lang = lng;
  html.dir = directionOf(lng);
  // For the server's rendering of the next page (a year; renewed at every start).
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Starts i18next in the stored language: the user's choice alone (their switch; Hebrew until they make one). A trip
 * in the other language never changes it (decision 0042: its texts show in their own direction, lib/content-language).
 */
export async function initI18n(lng: UiLanguage = storedLanguage()): Promise<void> {
  language = lng;
  applyToDocument(lng);
  const core = localeLoaders[lng].core().then(async ({ default: texts }) => {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: false,
      supportedLngs: [...UI_LANGUAGES],
      resources: { [lng]: { translation: texts } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
      showSupportNotice: false,
    });
    markStarted();
  });
  loaded.set(`${lng}:core`, core);
  await core;
}

/**
 * A lazily loaded module together with the texts it reads, fetched side by side:
 * `lazy(withTexts(() => import('./LoginModal'), ['auth']))`. test/locale-groups.test.ts checks every door.
 */
export const withTexts =
  <T>(load: () => Promise<T>, groups: readonly LocaleGroup[]) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadLocaleGroups(groups)]))[0];

export async function changeLanguage(lng: UiLanguage): Promise<void> {
  language = lng;
  await Promise.all([loadPart(lng, 'core'), ...[...requested].map((group) => loadPart(lng, group))]);
  await i18next.changeLanguage(lng);
  local.set(STORAGE_KEYS.selectedLanguage, lng);
  applyToDocument(lng);
}

export const currentLanguage = (): UiLanguage =>
  isUiLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;

/** Any text's key, dotted for a nested one ('common.close'): what t() accepts, checked against locales/en.json. */
export type TextKey = ParseKeys;

/**
 * A key known only at run time (built from a server's code, a form's message) that has a text in the reader's
 * language (`i18n`: the instance of the page, useTranslation's): the checked way from a string to a key.
 */
export const hasText = (i18n: { exists(key: string): boolean }, key: string): key is TextKey =>
  i18n.exists(key);

/** A run-time key when it has a text, else the generic message (the one a code without a text shows). */
export const textKey = (i18n: { exists(key: string): boolean }, key: string | null | undefined): TextKey =>
  key && hasText(i18n, key) ? key : 'unknown_error';

/** The texts said by a code (the server's ServerMassageCode, a form check's): the top-level texts of the locales. */
export type MessageKey =
  | {
      [K in keyof typeof en]: (typeof en)[K] extends string ? K : never;
    }[keyof typeof en]
  | CodeGroupKey;

/**
 * The translation key for a code from the server (or the client): the code itself when we have a text for it,
 * otherwise the generic message. Codes never contain dots, so they cannot reach nested UI keys.
 */
export function messageKey(code: string | null | undefined): MessageKey {
  if (!code || code.includes('.') || !/^[A-Za-z0-9_]+$/.test(code)) return 'unknown_error';
  const isText = (key: string) =>
    typeof i18next.getResource(i18next.language, 'translation', key) === 'string';
  // Checked here, so the code is a key of a text: the one cast from a code to a key.
  if (isText(code)) return code as MessageKey;
  // The codes of planning together's calls and of the bookings' load with the parts that make them (locales/groups.ts,
  // CODE_GROUPS): before those parts load, no screen can have such a code to show.
  for (const group of CODE_GROUPS) if (isText(`${group}.${code}`)) return `${group}.${code}` as CodeGroupKey;
  return 'unknown_error';
}

/**
 * The lazy groups of codes' texts: planning together's (0062), the bookings' (0068), money's (0069), the attraction
 * editor's form checks (issue 36).
 */
const CODE_GROUPS = ['planningCodes', 'bookingCodes', 'moneyCodes', 'editorCodes'] as const;

/** A code's text in a lazy group of codes. */
export type CodeGroupKey = {
  [G in (typeof CODE_GROUPS)[number]]: `${G}.${keyof (typeof en)[G] & string}`;
}[(typeof CODE_GROUPS)[number]];

export { i18next };
