'use client';

import { useEffect, useState } from 'react';
import { isTheme, type Theme } from './theme';

/** The theme in force: the reader's choice (the root's data-theme, set by ThemeSwitch) or the system's. */
export function themeInForce(): Theme {
  const set = document.documentElement.dataset['theme'];
  if (isTheme(set)) return set;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** `themeInForce`, kept current as the reader switches it or the system changes (null before mounting). */
export function useThemeInForce(): Theme | null {
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => {
    const update = () => setTheme(themeInForce());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', update);
    return () => {
      observer.disconnect();
      media.removeEventListener('change', update);
    };
  }, []);
  return theme;
}
