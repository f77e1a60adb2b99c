'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useSession } from '@/data/session-context';
import { MatchReplay } from '@/features/replay/match-replay';
import { ProblemNote } from '@/ui/problem-note';
import { AppealPanel } from './appeal-panel';
import { ClaimPanel } from './claim-panel';
import { FilingsList } from './filings-list';
import { ModerationTabs } from './moderation-tabs';
import { NotesPanel } from './notes-panel';
import { RulingForm } from './ruling-form';
import { RulingView } from './ruling-view';
import { ScoreParts } from './score-parts';
import { SignalsTable } from './signals-table';
import { type DisputeView, type RunDisputeCommand, useDispute } from './use-dispute';

/** The first step any filing names: the replay opens there (every hand shown: the match is over). */
function firstStep(steps: readonly (readonly number[])[]): number {
  const all = steps.flat();
  return all.length > 0 ? Math.min(...all) : 0;
}

/** One dispute: claim, the replay (in the page) at the disputed step, filings, private notes, ruling, appeal, signals. */
export function DisputePage({ id }: { id: string }) {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const { session } = useSession();
  const { view, problem, run } = useDispute(id);
  const me = session?.account.id ?? '';
  if (!view) return <ProblemNote problem={problem} />;
  const names = new Map(view.signals.flatMap((p) => [[p.a.id, p.a.name], [p.b.id, p.b.name]] as const));
  for (const f of view.filings) names.set(f.filer.id, f.filer.name);
  const name = (account: string) => names.get(account) ?? account;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="dispute-title">
        <h1 id="dispute-title">{t('disputeTitle', { id: view.id })}</h1>
        <ModerationTabs />
        <p>
          <span className="badge accent">{t(`status.${view.status}`)}</span>
          {view.live ? <span className="badge warn">{t('live')}</span> : null}{' '}
          {t('scoreLine', { score: format.number(view.score, { maximumFractionDigits: 1 }) })}
        </p>
        <ScoreParts parts={view.scoreParts} />
        <ClaimPanel view={view} me={me} run={run} />
        <ProblemNote problem={problem} />
      </section>
      <DisputeReplay view={view} />
      <div className="grid-2">
        <FilingsList view={view} replayBase={`/matches/${encodeURIComponent(view.matchId)}/replay`} />
        <NotesPanel view={view} run={run} />
      </div>
      <Decisions view={view} me={me} name={name} run={run} />
      <SignalsTable pairs={view.signals} title={t('signals')} />
    </div>
  );
}

/**
 * The replay, in the page, at the first disputed step: every hand once the match is over, the public view
 * before (the server builds each step for the view and refuses a full one of a live match), and a link to the
 * replay page at that step.
 */
function DisputeReplay({ view }: { view: DisputeView }) {
  const t = useTranslations('moderation');
  const step = firstStep(view.filings.map((f) => f.steps));
  const full = view.endedAt !== null;
  const replay = `/matches/${encodeURIComponent(view.matchId)}/replay?view=${full ? 'full' : 'public'}&step=${step}`;
  return (
    <div className="card stack">
      <p className="hint">{full ? t('replayFullHint') : t('replayNotFinished')}</p>
      {/* Keyed by the view: when the match ends while the page is open, the replay starts over with every hand. */}
      <MatchReplay key={full ? 'full' : 'public'} id={view.matchId} initialStep={step} initialView={{ kind: full ? 'full' : 'public' }} embedded />
      <p>
        <Link href={replay}>{full ? t('replayAtStep', { step: step + 1 }) : t('replayLive')}</Link>
      </p>
    </div>
  );
}

interface DecisionsProps {
  readonly view: DisputeView;
  readonly me: string;
  readonly name: (account: string) => string;
  readonly run: RunDisputeCommand;
}

/** The ruling (with the second moderator's part), the holder's ruling form, and the appeal. */
function Decisions({ view, me, name, run }: DecisionsProps) {
  return (
    <div className="grid-2">
      {view.ruling ? <RulingView view={view} me={me} name={name} run={run} /> : null}
      {view.status === 'CLAIMED' && view.claimedBy?.id === me ? <RulingForm view={view} name={name} run={run} /> : null}
      {view.appeal ? <AppealPanel view={view} me={me} run={run} /> : null}
    </div>
  );
}
