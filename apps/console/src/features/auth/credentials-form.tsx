'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { useClient } from 'urql';
import { problemOf } from '@/data/commands';
import { RegisterDocument, SignInDocument } from '@/data/generated/graphql';
import { useSession } from '@/data/session-context';
import { ProblemNote } from '@/ui/problem-note';

/** The API's account rules (libs/server/auth), shown before the first error and checked before sending. */
const NAME = /^[A-Za-z0-9_-]{3,24}$/;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;

type Mode = 'signIn' | 'register';

function localCheck(mode: Mode, name: string, password: string): 'name' | 'password' | null {
  if (mode === 'register' && !NAME.test(name)) return 'name';
  if (mode === 'register' && (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX))
    return 'password';
  return null;
}

export function CredentialsForm({ mode }: { mode: Mode }) {
  const t = useTranslations('auth');
  const client = useClient();
  const router = useRouter();
  const next = useSearchParams().get('next');
  const { signIn } = useSession();
  const ids = { name: useId(), password: useId(), rules: useId() };
  const [problem, setProblem] = useState<{ code: string; detail: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const wrong = localCheck(mode, name, password);
    if (wrong)
      return setProblem({
        code: 'BAD_USER_INPUT',
        detail: t(wrong === 'name' ? 'ruleName' : 'rulePassword'),
      });
    setBusy(true);
    const input = { input: { name, password } };
    const result =
      mode === 'register'
        ? await client.mutation(RegisterDocument, input).toPromise()
        : await client.mutation(SignInDocument, input).toPromise();
    setBusy(false);
    const payload = result.data && ('register' in result.data ? result.data.register : result.data.signIn);
    if (!payload) return setProblem(problemOf(result.error));
    signIn({ token: payload.token, expiresAt: payload.expiresAt, account: payload.account });
    router.push(next?.startsWith('/') ? next : '/lobby');
  }

  return (
    <section className="card narrow">
      <h1>{t(mode === 'register' ? 'registerTitle' : 'signInTitle')}</h1>
      <div id={ids.rules} className="note">
        <p>{t('rulesIntro')}</p>
        <ul>
          <li>{t('ruleName')}</li>
          <li>{t('rulePassword')}</li>
        </ul>
      </div>
      <form onSubmit={submit} aria-describedby={ids.rules} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>{t('name')}</label>
          <input id={ids.name} name="name" autoComplete="username" required minLength={3} maxLength={24} />
        </div>
        <div className="field">
          <label htmlFor={ids.password}>{t('password')}</label>
          <input
            id={ids.password}
            name="password"
            type="password"
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
            required
          />
        </div>
        <ProblemNote problem={problem} />
        <button type="submit" className="primary" disabled={busy}>
          {t(mode === 'register' ? 'registerAction' : 'signInAction')}
        </button>
      </form>
      <p>
        {mode === 'register' ? t('haveAccount') : t('noAccount')}{' '}
        <Link href={mode === 'register' ? '/sign-in' : '/register'}>
          {t(mode === 'register' ? 'signInAction' : 'registerAction')}
        </Link>
      </p>
    </section>
  );
}
