import type en from '../../messages/en.json';
import type { Locale } from './locales';

// `t('key')` is type-checked against the English catalogue: a key used in code but missing there fails tsc.
declare module 'next-intl' {
  interface AppConfig {
    Messages: typeof en;
    Locale: Locale;
  }
}
