'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { problemOf } from '@/data/commands';
import { DisputeOutcomesDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { useSession } from '@/data/session-context';
import { ProblemNote } from '@/ui/problem-note';
import { AppealForm } from './appeal-form';
import { ModerationLog } from './moderation-log';
import { SanctionsList } from './sanctions-list';
import { useModerationFeed } from './use-moderation-feed';

/** Who may appeal a ruling: everyone of a voided match, and each sanctioned player (the API checks it too). */
function touches(ruling: { action: string; sanctions: readonly { account: string }[] }, me: string): boolean {
  return ruling.action === 'VOID' || ruling.sanctions.some((s) => s.account === me);
}

/** A player's side: the disputes they filed or a ruling touches them in (never filers' texts or notes). */
export function MyDisputes() {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const me = useSession().session?.account.id ?? '';
  const [outcomes, refetch] = useData({ query: DisputeOutcomesDocument, variables: { first: 50 }, requestPolicy: 'network-only' });
  const read = () => refetch({ requestPolicy: 'network-only' });
  useModerationFeed(read, read);
  const nodes = outcomes.data?.disputeOutcomes.nodes ?? [];
  return (
    <div className="stack">
      <section className="card" aria-labelledby="mine-title">
        <h1 id="mine-title">{t('mineTitle')}</h1>
        <p className="hint">{t('mineHint')}</p>
        <ProblemNote problem={problemOf(outcomes.error)} />
        {outcomes.data && nodes.length === 0 ? <p className="muted">{t('mineEmpty')}</p> : null}
        <ol className="entries">
          {nodes.map((o) => (
            <li key={o.disputeId}>
              <p>
                <strong>{o.disputeId}</strong> <span className="badge accent">{t(`status.${o.status}`)}</span> ·{' '}
                {format.dateTime(new Date(o.openedAt), { dateStyle: 'short', timeStyle: 'short' })} ·{' '}
                <Link href={`/matches/${encodeURIComponent(o.matchId)}/replay`}>{t('replayMatch')}</Link>
              </p>
              {o.ruling ? (
                <p>
                  {t('outcomeRuling', { action: t(`actionName.${o.ruling.action}`) })} {o.ruling.reason}
                </p>
              ) : (
                <p className="muted">{t('noRulingYet')}</p>
              )}
              {o.appeal ? (
                <p>{o.appeal.decision ? t('appealDecided', { decision: t(`decision.${o.appeal.decision}`) }) + ` ${o.appeal.reason ?? ''}` : t('appealPending')}</p>
              ) : o.ruling && o.status === 'RULED' && touches(o.ruling, me) ? (
                <AppealForm disputeId={o.disputeId} onDone={() => refetch({ requestPolicy: 'network-only' })} />
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section className="card" aria-labelledby="my-sanctions">
        <h2 id="my-sanctions">{t('mySanctions')}</h2>
        <SanctionsList canLift={false} />
      </section>
      <section className="card" aria-labelledby="my-log">
        <h2 id="my-log">{t('myLog')}</h2>
        <ModerationLog staff={false} />
      </section>
    </div>
  );
}
