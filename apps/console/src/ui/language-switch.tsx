'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, isLocale } from '@/i18n/locales';

/** Sets the language cookie and re-renders the page in the chosen language (no reload, state kept). */
export function LanguageSwitch() {
  const t = useTranslations('nav');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  return (
    <span className="inline-field">
      <label htmlFor={id} className="visually-hidden">
        {t('language')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          document.cookie = `${LOCALE_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
          router.refresh();
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
