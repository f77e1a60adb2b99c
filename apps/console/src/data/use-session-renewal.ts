'use client';

import { useEffect } from 'react';
import { useClient } from 'urql';
import { RenewSessionDocument } from './generated/graphql';
import { renewalDelay } from './session';
import { useSession } from './session-context';
import { oneTabAtATime, storedSession, tellRenewed, untilStored } from './session-tabs';

/** After a failed renewal (the network, not a refusal), the next attempt; the token's expiry bounds them all. */
const RETRY_MS = 15_000;
/** setTimeout's longest delay (about 24.8 days): a token may live 30 days, so longer waits are taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Runs `run` at `at` (ms since the epoch), however far off; the returned function cancels it. */
function at(when: number, run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const wait = when - Date.now();
    timer = wait > LONGEST_TIMER_MS ? setTimeout(arm, LONGEST_TIMER_MS) : setTimeout(run, Math.max(0, wait));
  };
  arm();
  return () => clearTimeout(timer);
}

/**
 * Keeps a signed-in session alive: shortly before the token expires, `renewSession` swaps it for a new one
 * (same account, so the page, its data and its live views stay; the socket connects again with the new
 * token). A refused renewal (the session reached SESSION_MAX_SECONDS) lets the token run out; a failed one is
 * tried again. Whatever happens, at the token's expiry the session ends with the "session expired" notice,
 * even when no socket is open to be closed with 4401. The tabs of one browser share one renewal (ADR 0034): they
 * take turns, and a tab whose turn comes after another renewed takes that session from the cookie (as does one
 * the renewing tab tells, or one waking from sleep past its token's expiry: `expire`).
 */
export function useSessionRenewal(): void {
  const client = useClient();
  const { session, renewed: tookRenewed, followSignIn, signedOutElsewhere, expire, current } = useSession();
  useEffect(() => {
    const delay = renewalDelay(session, Date.now());
    if (!session?.expiresAt || delay === null) return;
    // With its token: a session another tab's renewal has replaced by the time this fires does not end.
    const cancels = [at(Date.parse(session.expiresAt), () => expire(session.token))];
    let stopped = false;
    // Replaced already (another tab's session, handed over while this one waited its turn): the render that stops
    // this effect may not have run yet.
    const replaced = () => stopped || current()?.token !== session.token;
    const attempt = () =>
      oneTabAtATime(async () => {
        const stored = await storedSession();
        if (replaced()) return;
        // No session cookie before the token expired: another tab signed out (and could not tell, or not yet).
        if (stored === null) return signedOutElsewhere();
        // Renewed in another tab, or the reader signed in there (it could not tell, or not yet): take that session.
        if (followSignIn(stored)) return;
        const result = await client.mutation(RenewSessionDocument, {}, { requestPolicy: 'network-only' }).toPromise();
        // Signed out meanwhile, here or in another tab (it told this one, or the cookie is gone): the new token is dropped.
        const storedNow = await storedSession();
        if (replaced()) return;
        if (storedNow === null) return signedOutElsewhere();
        // Signed in with another account meanwhile: that session wins, this account's new token is dropped.
        if (followSignIn(storedNow)) return;
        const renewed = result.data?.renewSession;
        if (renewed) {
          const next = { token: renewed.token, expiresAt: renewed.expiresAt, account: renewed.account };
          tookRenewed(next);
          // In the cookie store before the next tab's turn (it looks there), then handed to the others at once.
          await untilStored(next.token);
          return tellRenewed(next);
        }
        if (result.error?.networkError) cancels.push(at(Date.now() + RETRY_MS, () => void attempt()));
      });
    cancels.push(at(Date.now() + delay, () => void attempt()));
    return () => {
      stopped = true;
      cancels.forEach((cancel) => cancel());
    };
  }, [session, client, tookRenewed, followSignIn, signedOutElsewhere, expire, current]);
}
