import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { cookies } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { DataProvider } from '@/data/client';
import { parseSession, SESSION_COOKIE } from '@/data/session';
import { SessionProvider } from '@/data/session-context';
import { isTheme, THEME_COOKIE } from '@/ui/theme';
import { NavBar } from '@/ui/nav-bar';
import { ScrollableTables } from '@/ui/scrollable-tables';
import { SessionExpiredNotice } from '@/ui/session-expired-notice';
import { SessionFollowedNotice } from '@/ui/session-followed-notice';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('nav');
  return { title: { default: t('brand'), template: `%s · ${t('brand')}` }, description: t('tagline') };
}

/** The one layout: session, data layer, language and theme around every page. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const jar = await cookies();
  const locale = await getLocale();
  const t = await getTranslations('nav');
  const theme = jar.get(THEME_COOKIE)?.value;
  const session = parseSession(jar.get(SESSION_COOKIE)?.value);
  return (
    <html lang={locale} data-theme={isTheme(theme) ? theme : undefined}>
      <body>
        <a className="skip-link" href="#main">
          {t('skip')}
        </a>
        <NextIntlClientProvider>
          <SessionProvider initial={session}>
            <DataProvider>
              <NavBar />
              <SessionExpiredNotice />
              <SessionFollowedNotice />
              <main id="main" tabIndex={-1}>
                {children}
              </main>
              <ScrollableTables />
            </DataProvider>
          </SessionProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
