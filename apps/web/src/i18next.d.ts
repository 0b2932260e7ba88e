import 'i18next';
import type en from './locales/en.json';

/**
 * The texts' keys are checked by the compiler (decision 0058): t('a.missing.key') is a type error. English is the
 * reference; test/locales.test.ts keeps Hebrew's keys the same. A type only: no text enters the JavaScript this way.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
