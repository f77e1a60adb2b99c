'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useLink } from '@/data/client';
import { audienceOf } from '@/data/session';
import { useSession } from '@/data/session-context';
import { activeEntry, navFor } from '@/nav/routes';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

/**
 * The one header: role-aware links, account, language and theme — on every page. One line on a wide screen (the
 * links scroll sideways rather than wrap when a role has many); on a narrow one the links take a row of their own.
 */
export function NavBar() {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const { session, signOut } = useSession();
  const link = useLink();
  const active = activeEntry(pathname);
  return (
    <header className="topbar">
      <Link href="/lobby" className="brand" aria-label={t('brand')}>
        {/* The favicon (src/app/icon.svg); on a phone the die alone shows, and the link keeps its name. */}
        <img src="/icon.svg" alt="" width={24} height={24} />
        <span className="brand-name">{t('brand')}</span>
      </Link>
      <nav aria-label={t('main')} className="main-nav">
        <ul className="nav-links">
          {navFor(audienceOf(session)).map((entry) => (
            <li key={entry.href}>
              <Link href={entry.href} aria-current={entry === active ? 'page' : undefined}>
                {t(entry.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="topbar-tools">
        {link === 'reconnecting' ? (
          <span className="badge warn" role="status">
            {t('reconnecting')}
          </span>
        ) : null}
        <LanguageSwitch />
        <ThemeSwitch />
        {session ? (
          <span className="account">
            <span className="account-name" title={t('signedInAs', { name: session.account.name })}>
              {t.rich('signedInAsShort', {
                name: session.account.name,
                said: (chunks) => <span className="visually-hidden">{chunks}</span>,
              })}
            </span>
            <button type="button" className="linkish" onClick={signOut}>
              {t('signOut')}
            </button>
          </span>
        ) : (
          <span className="account">
            <Link href="/sign-in">{t('signIn')}</Link>
            <Link href="/register">{t('register')}</Link>
          </span>
        )}
      </div>
    </header>
  );
}
