'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { MatchDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ProblemNote } from '@/ui/problem-note';
import { FileDispute } from '@/features/moderation/file-dispute';
import { familyKey } from '@/features/game/names';
import { seatName } from '@/features/play/seat-name';
import { BluffChart, ChartCursor } from './bluff-chart';
import { FairnessBadge } from './fairness-badge';
import { KeysHelp } from './keys-help';
import { ReplayTable } from './replay-table';
import { ReplayControls } from './replay-controls';
import { parseView, type ReplayView } from './replay-types';
import { Scrubber } from './scrubber';
import { StepDetails } from './step-details';
import { useReplayController, useReplayFacts } from './use-replay-controller';
import { useReplayKeys } from './use-replay-keys';
import { useReplaySteps } from './use-replay-steps';

function initialStep(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** The replay page: any match step by step, as the server builds it for the chosen view. */
export function Replay({ id }: { id: string }) {
  const t = useTranslations('replay');
  const tp = useTranslations('play');
  const tg = useTranslations('game');
  const tl = useTranslations('lobby');
  const params = useSearchParams();
  const [view, setView] = useState<ReplayView>(() => parseView(params.get('view')));
  const [help, setHelp] = useState(false);
  const [match] = useData({ query: MatchDocument, variables: { id } });
  const data = useReplaySteps(id, view, initialStep(params.get('step')));
  const total = data.total ?? 0;
  const facts = useReplayFacts(data.steps);
  const current = useReplayController({
    initialStep: initialStep(params.get('step')),
    total,
    view,
    facts,
    ready: data.loaded > 0,
  });
  useReplayKeys({ ...current.actions, help: (open?: boolean) => setHelp((h) => open ?? !h) });
  const jump = current.goto;
  const seats = match.data?.match.seats ?? [];
  const level = (d: string) => tl(`difficulty${d.toUpperCase() as 'EASY' | 'MEDIUM' | 'HARD' | 'EXPERT'}`);
  const name = (seat: string) => {
    const found = seats.find((s) => s.seat === seat);
    return found ? seatName(found, tp, level) : seat;
  };
  const step = data.steps[current.step];
  const finished = match.data?.match.status.toLowerCase() === 'finished';
  const problem = data.problem;
  return (
    <div className="replay">
      <header className="room-head">
        <h1>{t('title', { family: match.data ? tg(familyKey(match.data.match.ruleset)) : '' })}</h1>
        <FairnessBadge id={id} finished={finished} onJump={jump} />
        <Link href={`/matches/${id}`}>{t('toTable')}</Link>
      </header>
      <ReplayControls
        view={view}
        setView={setView}
        seats={seats.map((x) => x.seat)}
        allowed={(option) =>
          // A live match: no hidden hand for anyone (moderators too); a seat's own player sees their seat.
          finished || option === 'public' || option === `seat:${match.data?.match.me}`
        }
        name={name}
        current={current}
        onHelp={() => setHelp(true)}
      >
        {total > 0 ? t('stepOf', { step: current.step + 1, total }) : null}
        {data.total !== null && data.loaded < total
          ? ` · ${t('loading', { loaded: data.loaded, total })}`
          : null}
      </ReplayControls>
      <ProblemNote problem={problem} />
      <FileDispute matchId={id} step={current.step} finished={finished} />
      <Scrubber step={current.step} total={total} markers={facts.markers} onJump={jump} />
      <figure className="chart-box">
        <BluffChart points={facts.points} markers={facts.markers} total={total} onJump={jump} />
        <ChartCursor step={current.step} total={total} />
        <figcaption className="muted">{t('chartCaption')}</figcaption>
      </figure>
      {step ? (
        <div className="grid-2">
          <StepDetails step={step} previous={data.steps[current.step - 1]} total={total} name={name} />
          <section className="card" aria-labelledby="table-title">
            <h2 id="table-title">{t('table')}</h2>
            <ReplayTable step={step} name={name} />
          </section>
        </div>
      ) : problem ? null : (
        <p role="status">{t('loadingStep')}</p>
      )}
      <KeysHelp open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
