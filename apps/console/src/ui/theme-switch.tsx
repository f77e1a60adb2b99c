'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { THEME_COOKIE, type Theme } from './theme';
import { themeInForce } from './use-theme';

/** Light or dark; the first visit follows the system, a choice is kept in a cookie (rendered by the server). */
export function ThemeSwitch() {
  const t = useTranslations('nav');
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => setTheme(themeInForce()), []);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="ghost"
      aria-label={t(next === 'dark' ? 'themeDark' : 'themeLight')}
      onClick={() => {
        document.documentElement.dataset['theme'] = next;
        document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
        setTheme(next);
      }}
    >
      {theme === 'dark' ? '☀' : '☾'}
    </button>
  );
}
