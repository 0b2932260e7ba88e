import type { TripLanguage } from '@rides/contract';
import {
  billingCsv as billingCsvEn,
  mail as mailEn,
  pdf as pdfEn,
  tripFiles as tripFilesEn,
  together as togetherEn,
} from '../../../web/src/locales/en.json';
import {
  billingCsv as billingCsvHe,
  mail as mailHe,
  pdf as pdfHe,
  tripFiles as tripFilesHe,
  together as togetherHe,
} from '../../../web/src/locales/he.json';

/**
 * The words of what the server makes itself (the trip's PDF, its calendar, GPX and KML files, the mails, the billing CSV), read from the
 * product's one home of user-facing texts, apps/web/src/locales/he.json and en.json: their server groups (`pdf`,
 * `tripFiles`, `mail`, `billingCsv`; SERVER_LOCALE_GROUPS in the web's locales/groups.ts, which the web's build leaves out). Only
 * those groups are imported by name, so the server's bundle (esbuild, build.mjs) carries them and not the rest of the
 * files (and `together`, whose `mail` the mentions' digest reads; the web loads that group lazily). The format is i18next's, as on the web: `{{name}}` is replaced by a value, and a key read with a numeric
 * `count` takes the plural form of the language (`key_one`, `key_two`, `key_other`; Intl.PluralRules).
 */

export type TextLanguage = 'he' | 'en';

/** A trip's texts are in the trip's language. */
export const tripTextLanguage = (language: TripLanguage): TextLanguage =>
  language === 'hebrew' ? 'he' : 'en';

const GROUPS = {
  he: { pdf: pdfHe, tripFiles: tripFilesHe, mail: mailHe, billingCsv: billingCsvHe, together: togetherHe },
  en: { pdf: pdfEn, tripFiles: tripFilesEn, mail: mailEn, billingCsv: billingCsvEn, together: togetherEn },
};

type Groups = (typeof GROUPS)['en'];
export type TextGroup = keyof Groups;

/** A plural form's key without its suffix ("days_one" -> "days"). */
type Base<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? B
  : K;
/** Every text's key in a group, dotted ("resetPassword.subject"), plural forms once under their base. */
type Keys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${Base<K>}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];
export type TextKey<G extends TextGroup> = Keys<Groups[G]>;

export type TextValues = Record<string, string | number>;

const PLURALS: Record<TextLanguage, Intl.PluralRules> = {
  he: new Intl.PluralRules('he'),
  en: new Intl.PluralRules('en'),
};

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** A group's texts in one language: `t(key, values)`. A key the files do not have throws (a programming error). */
export function textsOf<G extends TextGroup>(
  language: TextLanguage,
  group: G,
): (key: TextKey<G>, values?: TextValues) => string {
  const tree = GROUPS[language][group];
  return (key, values = {}) => {
    const count = values.count;
    const value =
      (typeof count === 'number'
        ? (lookup(tree, `${key}_${PLURALS[language].select(count)}`) ?? lookup(tree, `${key}_other`))
        : undefined) ?? lookup(tree, key);
    if (typeof value !== 'string') throw new Error(`no text ${group}.${key} in ${language}.json`);
    return value.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}
