'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
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
import type { ReplayView, Step } from './replay-types';
import { Scrubber } from './scrubber';
import { StepDetails } from './step-details';
import { useReplayController, useReplayFacts } from './use-replay-controller';
import { useReplayKeys } from './use-replay-keys';
import { useReplaySteps } from './use-replay-steps';

interface Props {
  readonly id: string;
  readonly initialStep: number;
  readonly initialView: ReplayView;
  /**
   * Inside another page (a dispute): a section under an h2, its keys only while focus is inside it (the page's
   * own fields keep theirs), the URL left alone, and no filing form (the replay page has it).
   */
  readonly embedded?: boolean;
}

/** Any match step by step, as the server builds it for the chosen view (nothing hidden is folded here). */
export function MatchReplay({ id, initialStep, initialView, embedded = false }: Props) {
  const t = useTranslations('replay');
  const tp = useTranslations('play');
  const tl = useTranslations('lobby');
  const titleId = useId();
  const region = useRef<HTMLElement>(null);
  const [view, setView] = useState<ReplayView>(initialView);
  const [help, setHelp] = useState(false);
  const [match] = useData({ query: MatchDocument, variables: { id } });
  const data = useReplaySteps(id, view, initialStep);
  const total = data.total ?? 0;
  const facts = useReplayFacts(data.steps);
  const current = useReplayController({ initialStep, total, view, facts, ready: data.loaded > 0, followUrl: !embedded });
  useReplayKeys({ ...current.actions, help: (open?: boolean) => setHelp((h) => open ?? !h) }, embedded ? region : undefined);
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
    <section className="replay" ref={region} aria-labelledby={titleId} tabIndex={embedded ? 0 : undefined}>
      <ReplayHeader id={id} titleId={titleId} ruleset={match.data?.match.ruleset} embedded={embedded} finished={finished} onJump={jump} />
      <ReplayControls
        view={view}
        setView={setView}
        seats={seats.map((x) => x.seat)}
        allowed={allowedViews(finished, match.data?.match.me)}
        name={name}
        current={current}
        onHelp={() => setHelp(true)}
      >
        {progress(t, current.step, total, data.loaded)}
      </ReplayControls>
      <ProblemNote problem={problem} />
      {embedded ? null : <FileDispute matchId={id} step={current.step} finished={finished} />}
      <Scrubber step={current.step} total={total} markers={facts.markers} onJump={jump} />
      <figure className="chart-box">
        <BluffChart points={facts.points} markers={facts.markers} total={total} onJump={jump} />
        <ChartCursor step={current.step} total={total} />
        <figcaption className="muted">{t('chartCaption')}</figcaption>
      </figure>
      <StepPane step={step} previous={data.steps[current.step - 1]} total={total} name={name} waiting={!problem} />
      <KeysHelp open={help} onClose={() => setHelp(false)} />
    </section>
  );
}

/** "Step n of N", and how many steps have arrived while some are still on their way. */
function progress(t: ReturnType<typeof useTranslations<'replay'>>, step: number, total: number, loaded: number): string {
  if (total === 0) return '';
  const at = t('stepOf', { step: step + 1, total });
  return loaded < total ? `${at} · ${t('loading', { loaded, total })}` : at;
}

/** A live match: no hidden hand for anyone (moderators too); a seat's own player sees their seat. The server decides. */
function allowedViews(finished: boolean, me: string | null | undefined): (option: string) => boolean {
  return (option) => finished || option === 'public' || option === `seat:${me}`;
}

interface StepPaneProps {
  readonly step: Step | undefined;
  readonly previous: Step | undefined;
  readonly total: number;
  readonly name: (seat: string) => string;
  /** Whether a missing step is still on its way (not refused). */
  readonly waiting: boolean;
}

/** The step on screen: what happened, and the table as the server built it for the view. */
function StepPane({ step, previous, total, name, waiting }: StepPaneProps) {
  const t = useTranslations('replay');
  if (!step) return waiting ? <p role="status">{t('loadingStep')}</p> : null;
  return (
    <div className="grid-2">
      <StepDetails step={step} previous={previous} total={total} name={name} />
      <section className="card" aria-labelledby="table-title">
        <h2 id="table-title">{t('table')}</h2>
        <ReplayTable step={step} name={name} />
      </section>
    </div>
  );
}

interface HeaderProps {
  readonly id: string;
  readonly titleId: string;
  readonly ruleset: string | undefined;
  readonly embedded: boolean;
  readonly finished: boolean;
  readonly onJump: (step: number) => void;
}

/** The title (the page's h1, or an h2 inside another page), the fairness check and the way to the match. */
function ReplayHeader({ id, titleId, ruleset, embedded, finished, onJump }: HeaderProps) {
  const t = useTranslations('replay');
  const tg = useTranslations('game');
  const Title = embedded ? 'h2' : 'h1';
  return (
    <header className="room-head">
      <Title id={titleId}>{t('title', { family: ruleset ? tg(familyKey(ruleset)) : '' })}</Title>
      <FairnessBadge id={id} finished={finished} shots={ruleset?.toLowerCase() === 'revolver'} onJump={onJump} />
      <Link href={`/matches/${id}`}>{t('toTable')}</Link>
      {embedded ? <p className="hint">{t('embeddedKeys')}</p> : null}
    </header>
  );
}
