'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { Round } from '@liars-dice/game-rules';
import { Dice } from '@/features/game/dice';
import { counts } from '@/features/game/odds';
import { type Step } from './replay-types';
import { absenceOf, bidPoint, raiseKind } from './step-facts';

/** The round this step belongs to: the one in play, else the one just revealed. */
function roundNumber(step: Step): number | null {
  return step.state.round?.number ?? step.state.history.at(-1)?.number ?? null;
}

/** At a call, the revealed round: ended in the full state, or the newest of a view's history. */
function revealed(step: Step): Round | null {
  if (step.type !== 'LiarCalled' && step.type !== 'SpotOnCalled') return null;
  const round = step.state.round;
  if (round && 'dice' in round && round.end) return round as Round;
  return step.state.history.at(-1) ?? null;
}

function Reveal({ round, step, name }: { round: Round; step: Step; name: (seat: string) => string }) {
  const t = useTranslations('play');
  const bid = round.end?.bid;
  const wild = step.state.options.wildOnes && !round.palifico;
  if (!bid || !round.end) return null;
  return (
    <div className="reveal">
      <p>
        {t('countAgainst', { count: round.end.count ?? 0, quantity: bid.quantity, face: bid.face })}{' '}
        <strong>{round.end.holds ? t('bidHeld') : t('bidFailed')}</strong>
      </p>
      <ul className="hands">
        {Object.entries(round.dice).map(([seat, dice], i) => (
          <li key={seat} className="hand">
            <span className="seat-name">{name(seat)}</span>
            <Dice
              dice={dice}
              highlight={(die) => counts(die, bid.face, wild)}
              label={t('handOf', { name: name(seat), dice: dice.join(', ') })}
              motion="flip"
              delay={i * 120}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function BidFacts({ step, name }: { step: Step; name: (seat: string) => string }) {
  const t = useTranslations('replay');
  const tp = useTranslations('play');
  const format = useFormatter();
  const point = bidPoint(step);
  if (!point) return null;
  const previous = step.state.round?.bids.at(-2) ?? null;
  return (
    <>
      <Fact
        term={t('bid')}
        value={`${tp('bidBy', { name: name(point.by), quantity: point.bid.quantity, face: point.bid.face })} · ${t(`raise_${raiseKind(previous, point.bid)}`)}`}
      />
      <Fact
        term={point.knowsHand ? t('chanceOwn') : t('chancePublic')}
        value={format.number(point.chance, { style: 'percent', maximumFractionDigits: 0 })}
      />
      {point.held !== null ? <Fact term={t('held')} value={point.held ? t('yes') : t('no')} /> : null}
    </>
  );
}

/** A player counted absent: who, after how long without a move, and what follows (ADR 0072). */
function AbsenceFact({ step }: { step: Step }) {
  const t = useTranslations('replay');
  const absence = absenceOf(step);
  if (!absence) return null;
  const { player: name, after } = absence;
  const value =
    'hours' in after
      ? t('absentHours', { name, hours: after.hours })
      : 'minutes' in after
        ? t('absentMinutes', { name, minutes: after.minutes })
        : t('absentSeconds', { name, seconds: after.seconds });
  return <Fact term={t('absent')} value={value} />;
}

/** Everything about one step: round, bid and how it raised, time taken, event type, revision, metadata, JSON. */
export function StepDetails({
  step,
  previous,
  total,
  name,
}: {
  step: Step;
  previous: Step | undefined;
  total: number;
  name: (seat: string) => string;
}) {
  const t = useTranslations('replay');
  const format = useFormatter();
  const round = roundNumber(step);
  const reveal = revealed(step);
  return (
    <section className="card" aria-labelledby="step-title" aria-live="polite">
      <h2 id="step-title">{t('stepTitle', { step: step.step + 1, total, type: step.type })}</h2>
      <dl className="facts">
        {round !== null ? <Fact term={t('round')} value={format.number(round)} /> : null}
        <BidFacts step={step} name={name} />
        <AbsenceFact step={step} />
        <Fact
          term={t('timeTaken')}
          value={
            previous
              ? t('seconds', {
                  seconds: format.number((step.at - previous.at) / 1000, { maximumFractionDigits: 1 }),
                })
              : '—'
          }
        />
        <Fact term={t('eventType')} value={step.type} />
        <Fact
          term={t('at')}
          value={format.dateTime(new Date(step.at), { dateStyle: 'short', timeStyle: 'medium' })}
        />
        <StoreFacts step={step} />
      </dl>
      {reveal ? <Reveal key={step.step} round={reveal} step={step} name={name} /> : null}
      <details>
        <summary>{t('rawEvent')}</summary>
        <pre className="json">{JSON.stringify(JSON.parse(step.rawEvent), null, 2)}</pre>
      </details>
    </section>
  );
}

/** The store's own fields: the server sends them to moderators and admins only, so others see none of them. */
function StoreFacts({ step }: { step: Step }) {
  const t = useTranslations('replay');
  if (step.index === null) return null;
  return (
    <>
      <Fact term={t('revision')} value={String(step.index)} />
      <Fact term={t('actor')} value={step.actor ?? '—'} />
      <Fact term={t('commandId')} value={step.commandId ?? '—'} />
    </>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
