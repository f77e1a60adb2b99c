import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { deriveLot } from '@liars-dice/game-fairness';
import { bytesToHex } from '@noble/hashes/utils';
import type { PlayerId } from '@liars-dice/game-rules';
import { seededRandom } from '@liars-dice/game-rules/testing';
import type { TournamentEvent } from './events';
import { fold } from './fold';
import { seatingDraw } from './house';
import type { Tournament } from './state';
import { standingsOf } from './standings';
import { lotOf } from './testing/from-the-doc/draw';
import { plan, repeatedPairs } from './testing/from-the-doc/plan';
import { type Ledger, newLedger, read } from './testing/from-the-doc/ledger';
import { type DueSeating, dueSeating } from './testing/from-the-doc/seating';
import { standingsOrder } from './testing/from-the-doc/standings';
import { RandomTournament, shuffled } from './testing/random-tournament';
import { type Finish, playExample, type SeatingExample } from './testing/seating-example';
import {
  costsTable,
  drawLine,
  pairsTable,
  pointsLines,
  repeatsSummary,
  roundsTable,
  standingsTable,
  sweepsSummary,
  triesTable,
} from './testing/seating-example-tables';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);

/**
 * Reads a tournament's events as an outsider does with docs/tournaments.md ("Recomputing a seating") in hand
 * (testing/from-the-doc/, which imports nothing of the seating code), and expects every `SeatingDrafted` to be
 * exactly the seating the doc's procedure gives. Returns the outsider's ledger at the end and its seatings.
 */
function recomputedFromTheDoc(
  events: readonly TournamentEvent[],
  seed: string,
): { ledger: Ledger; seatings: DueSeating[] } {
  let ledger: Ledger | null = null;
  const seatings: DueSeating[] = [];
  for (const event of events) {
    if (event.type === 'TournamentCreated') ledger = newLedger(event);
    if (!ledger || event.type === 'TournamentCreated') continue;
    if (event.type === 'SeatingDrafted') {
      const due = dueSeating(ledger, seed);
      const derived = due && {
        round: due.round,
        stage: due.stage,
        tables: due.plan.tables.map((players, index) => ({ table: index + 1, players })),
      };
      expect(derived).toEqual({
        round: event.data.round,
        stage: event.data.stage,
        tables: event.data.tables,
      });
      if (due) seatings.push(due);
    }
    if (event.type === 'PlayerRegistered')
      expect(event.data.lot).toBe(lotOf(seed, ledger.settings.tournamentId, event.data.player));
    read(ledger, event);
  }
  if (!ledger) throw new Error('no TournamentCreated');
  return { ledger, seatings };
}

describe('the seating as docs/tournaments.md writes it, implemented from the doc alone (issue #30)', () => {
  it('gives exactly the seatings of the code, round after round, over random fields, formats and disturbances', () => {
    // At least 40 tournaments, so that the swap step is surely among what they exercise
    const runs = Math.max(20, RUNS) * 2;
    let seatings = 0;
    let swapped = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (game, seedBytes) => {
          // Given a random tournament (either format, up to 60 players, withdrawals, disqualifications, voids, late
          // registrations, reinstatements) whose lots and draws the house takes from a seed
          const seed = bytesToHex(seedBytes);
          const house = {
            draw: (state: Tournament) => seatingDraw(state, seed, 0)?.data.order ?? [],
            lot: (player: string) => deriveLot(seed, 't1', player),
          };
          const run = new RandomTournament(seededRandom(game), undefined, house);
          const tournament = run.play(60);
          // When an outsider reads its events with the doc, then every seating and every lot is the one recorded
          const outsider = recomputedFromTheDoc(run.events, seed);
          // And the standings are the code's (the final table's order, its points counted like every table's)
          expect(standingsOrder(outsider.ledger)).toEqual(
            standingsOf(tournament).map((standing) => standing.player),
          );
          seatings += outsider.seatings.length;
          swapped += outsider.seatings.filter((seating) => seating.plan.tries.some((t) => t.kept)).length;
        },
      ),
      { numRuns: runs },
    );
    // The runs exercised the swap step, not only cuts
    expect(swapped).toBeGreaterThan(runs / 8);
    expect(seatings).toBeGreaterThan(runs * 2);
  });

  it('gives exactly the seatings of the code over long swiss tournaments, where points spread far and pairs repeat', () => {
    const field = fc.record({
      players: fc.integer({ min: 4, max: 60 }),
      max: fc.integer({ min: 2, max: 6 }),
      rounds: fc.integer({ min: 2, max: 12 }),
      final: fc.integer({ min: 2, max: 6 }),
      game: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      seed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex),
    });
    fc.assert(
      fc.property(field, (swiss) => {
        // Given a swiss of many rounds whose tables finish in a random order, now and then two players together
        // When an outsider reads its events with the doc, then it derives every seating the code made
        expect(longSwissFromTheDoc(swiss)).toHaveLength(swiss.rounds + 1);
      }),
      { numRuns: RUNS },
    );
  });

  it('stops after the sixth sweep, even when that sweep still lowered the cost', () => {
    // Given 40 players at tables of 5 in a twelve-round swiss, whose round 8 the sixth sweep still improves
    const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    const seatings = longSwissFromTheDoc({ players: 40, max: 5, rounds: 12, final: 5, game: 0, seed });
    const round8 = seatings.find((seating) => seating.round === 8)?.plan;
    // Then the outsider, who stops there too, derives the code's seating (checked in longSwissFromTheDoc)
    expect(round8?.sweeps).toBe(6);
    expect(round8?.tries.filter((t) => t.sweep === 6 && t.kept).length).toBeGreaterThan(0);
  });

  it('weighs a repeated pair by the maxTableSize setting, not by the largest table of the round', () => {
    // Given 14 players at tables of at most 6 (so 5, 5 and 4), whose round 5 the two readings seat differently
    const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    const round5 = longSwissFromTheDoc({ players: 14, max: 6, rounds: 8, final: 6, game: 0, seed }).find(
      (seating) => seating.round === 5,
    ) as DueSeating;
    // Then weighing by the round's largest table (5) would have seated it otherwise; the code weighs by 6, as the doc
    const byLargestTable = plan({
      stage: 'swiss',
      order: round5.order,
      max: 6,
      points: round5.points,
      met: round5.met,
      weight: 5,
    });
    expect(byLargestTable.tables).not.toEqual(round5.plan.tables);
  });
});

interface LongSwiss {
  readonly players: number;
  readonly max: number;
  readonly rounds: number;
  readonly final: number;
  readonly game: number;
  readonly seed: string;
}

/** Plays a long swiss through the decider (draws from `seed`, random finishes from `game`) and recomputes it. */
function longSwissFromTheDoc({ players, max, rounds, final, game, seed }: LongSwiss): DueSeating[] {
  const ids = Array.from({ length: players }, (_, i) => `p${i}`);
  const example = {
    seed,
    tournamentId: 'long',
    players: ids,
    maxTableSize: max,
    swissRounds: rounds,
    finalTableSize: Math.min(final, max),
    ranking: [],
  };
  return recomputedFromTheDoc(playExample(example, randomFinish(seededRandom(game))).events, seed).seatings;
}

/** Placements in a random order, a player sometimes out together with the one before. */
function randomFinish(random: () => number): Finish {
  return (players) => {
    const groups: PlayerId[][] = [];
    for (const player of shuffled(players, random)) {
      const last = groups.at(-1);
      if (last && groups.length > 1 && random() < 0.15) last.push(player);
      else groups.push([player]);
    }
    return groups;
  };
}

const DOC = readFileSync(path.join(__dirname, '../../../../docs/tournaments.md'), 'utf8');

/** The JSON block that follows `<!-- name -->` in docs/tournaments.md: an example's inputs, as the doc gives them. */
function exampleInDoc(name: string): SeatingExample {
  const block = /```json\n([\s\S]*?)\n```/.exec(DOC.slice(DOC.indexOf(`<!-- ${name} -->`)));
  if (!DOC.includes(`<!-- ${name} -->`) || !block)
    throw new Error(`docs/tournaments.md has no JSON block after <!-- ${name} -->`);
  return JSON.parse(block[1] as string) as SeatingExample;
}

/** The blocks docs/tournaments.md does not contain verbatim (none, when the doc shows what the code does). */
const missingFromDoc = (blocks: readonly string[]) => blocks.filter((block) => !DOC.includes(block));

describe("docs/tournaments.md's worked examples are what the code does", () => {
  it('a later swiss round (the cut, every swap tried, the costs and repeated pairs) and the final table (its draw and its points)', () => {
    // Given the example's players, settings, seed and results, played through the decider with the house's draws
    const example = exampleInDoc('seating-example');
    const log = playExample(example);
    const { seatings } = recomputedFromTheDoc(log.events, example.seed);
    const shown = seatings.filter((seating) => seating.stage === 'swiss').at(-1) as DueSeating;
    const final = seatings.at(-1) as DueSeating;
    const beforeFinal = fold(
      log.events.slice(
        0,
        log.events.findIndex((e) => e.type === 'SeatingDrafted' && e.data.stage === 'final'),
      ),
    ) as Tournament;
    const weight = example.maxTableSize;
    // Then every table the doc prints is the one the code's tournament gives
    expect(final.stage).toBe('final');
    expect(shown.plan.tries.some((t) => t.kept)).toBe(true);
    expect(
      missingFromDoc([
        roundsTable(log.tournament.rounds, seatings),
        pointsLines(shown),
        costsTable(shown.plan.cut, shown.points, shown.met, weight),
        triesTable(shown.plan.tries, 1),
        sweepsSummary(shown),
        costsTable(shown.plan.tables, shown.points, shown.met, weight),
        repeatsSummary(shown, shown.points, shown.met, weight),
        standingsTable(standingsOf(beforeFinal)),
        drawLine(final),
        standingsTable(log.standings()),
      ]),
    ).toEqual([]);
  });

  it('the repeated pairs a whole swiss seats, by the plan and by the cut alone', () => {
    // Given the comparison's field, the same players always winning
    const example = exampleInDoc('repeated-pairs-example');
    const { seatings } = recomputedFromTheDoc(playExample(example).events, example.seed);
    // Then each swiss round after the first counts, table by table, the pairs who had sat together before
    const rows = seatings
      .filter((seating) => seating.stage === 'swiss' && seating.round > 1)
      .map(({ round, plan, met }) => ({
        round,
        cut: pairsAt(plan.cut, met),
        planned: pairsAt(plan.tables, met),
      }));
    expect(missingFromDoc([pairsTable(rows)])).toEqual([]);
  });
});

const pairsAt = (tables: readonly (readonly string[])[], met: (a: string, b: string) => boolean) =>
  tables.reduce((sum, table) => sum + repeatedPairs(table, met), 0);
