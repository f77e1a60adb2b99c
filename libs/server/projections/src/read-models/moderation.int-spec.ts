import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { SqliteEventStore } from '@liars-dice/event-store-sqlite';
import {
  type Actor,
  decideDispute,
  decideSanctions,
  DEFAULT_POLICY,
  type DisputeCommand,
  type DisputesState,
  disputesStream,
  effectsOf,
  evolveDisputes,
  evolveSanctions,
  initialDisputesState,
  initialSanctionsState,
  type MatchFacts,
  type ModerationEffect,
  ModerationViolation,
  type SanctionsState,
  sanctionsStream,
} from '@liars-dice/game-moderation';
import { ProjectionEngine } from '../engine/projection-engine';
import { rebuildProjections } from '../feed/rebuild';
import { ReadDatabase } from '../read-connection';
import { openReadDatabase, type ReadDb } from '../read-database';
import { CollusionQueries } from './collusion/collusion.queries';
import { DisputesQueries } from './disputes/disputes.queries';
import { ModerationLogQueries } from './moderation-log/moderation-log.queries';
import { SanctionsQueries } from './sanctions/sanctions.queries';

jest.setTimeout(60_000);

const actor = (id: string, role: Actor['role']): Actor => ({ id, name: `${id}-name`, role });
const [alice, bob, mia, max] = [actor('alice', 'player'), actor('bob', 'player'), actor('mia', 'moderator'), actor('max', 'moderator')];
const DAY = 86_400_000;
const MATCH: MatchFacts = { matchId: 'm1', players: ['alice', 'bob'], started: true, endedAt: 10 * DAY, steps: 30 };
const at = (hours: number) => 10 * DAY + hours * 3_600_000;

let dir: string;
let store: EventStore;
const dbs: ReadDb[] = [];

/** Carries out the sanctions an effect orders, as the reactor would. */
async function sanction(effect: ModerationEffect, sanctions: Map<string, SanctionsState>): Promise<void> {
  if (effect.type !== 'impose-sanction' && effect.type !== 'lift-sanction') return;
  const by = { ...effect.moderator, role: 'moderator' as const };
  const before = sanctions.get(effect.account) ?? initialSanctionsState;
  const decided = decideSanctions(
    before,
    effect.type === 'impose-sanction'
      ? { type: 'ImposeSanction', data: { sanctionId: effect.sanctionId, account: { id: effect.account, name: `${effect.account}-name` }, kind: effect.kind, days: effect.days, reason: effect.reason, disputeId: effect.disputeId, by, at: effect.at } }
      : { type: 'LiftSanction', data: { sanctionId: effect.sanctionId, reason: effect.reason, by, at: effect.at } },
  );
  if (decided instanceof ModerationViolation) throw new Error(decided.code);
  await store.appendToStream(sanctionsStream(effect.account), decided.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })));
  sanctions.set(effect.account, decided.reduce(evolveSanctions, before));
}

/** Decides each command with the domain, appends its events, and carries out the sanctions it orders. */
async function play(commands: readonly DisputeCommand[]): Promise<void> {
  let state: DisputesState = initialDisputesState;
  const sanctions = new Map<string, SanctionsState>();
  for (const command of commands) {
    const events = decideDispute(state, command);
    if (events instanceof ModerationViolation) throw new Error(`${command.type}: ${events.code}`);
    await store.appendToStream(disputesStream('m1'), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })));
    for (const event of events) {
      for (const effect of effectsOf(state, event)) await sanction(effect, sanctions);
      state = evolveDisputes(state, event);
    }
  }
}

function readSide(name: string) {
  const db = openReadDatabase(path.join(dir, `${name}.sqlite`));
  dbs.push(db);
  const read = ReadDatabase.of(db);
  return { engine: new ProjectionEngine(db), disputes: new DisputesQueries(read, new CollusionQueries(read)), log: new ModerationLogQueries(read), sanctions: new SanctionsQueries(read) };
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moderation-read-'));
  store = await SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
  await play([
    { type: 'FileDispute', data: { by: alice, at: at(1), match: MATCH, category: 'collusion', text: 'soft play', steps: [3], policy: DEFAULT_POLICY } },
    { type: 'ClaimDispute', data: { by: mia, at: at(2), disputeId: 'm1.1' } },
    { type: 'AddNote', data: { by: mia, at: at(3), disputeId: 'm1.1', text: 'rounds 3-7' } },
    { type: 'RuleDispute', data: { by: mia, at: at(4), disputeId: 'm1.1', action: 'void', reason: 'soft play', sanctions: [{ account: 'bob', kind: 'ranked-ban', days: 3 }], policy: DEFAULT_POLICY } },
    { type: 'AppealRuling', data: { by: bob, at: at(5), disputeId: 'm1.1', text: 'not so', policy: DEFAULT_POLICY } },
    { type: 'DecideAppeal', data: { by: max, at: at(6), disputeId: 'm1.1', decision: 'overturned', reason: 'on review' } },
  ]);
});

afterEach(async () => {
  for (const db of dbs.splice(0)) db.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the moderation read models (disputes, log, sanctions) from their streams', () => {
  it('given a dispute ruled void with a ban, appealed and overturned, then the queue, the outcomes, the log and the sanctions show it', async () => {
    const side = readSide('read');
    await rebuildProjections(store, side.engine);
    const closed = side.disputes.queue(['closed'], at(7), 10, null).nodes;
    expect(closed.map((c) => [c.dispute.id, c.dispute.status, c.dispute.notes.length])).toEqual([['m1.1', 'closed', 1]]);
    expect(side.disputes.find('m1.1')?.appeal?.decision?.decision).toBe('overturned');
    // The filer's record: upheld when the void took effect, then counted as dismissed once overturned.
    expect(side.disputes.score(closed[0]?.dispute ?? (undefined as never), at(7)).parts.record).toBeCloseTo(10 * (1 / 3 - 0.5), 1);
    expect(side.disputes.outcomesFor('bob', 10, null).nodes.map((d) => d.id)).toEqual(['m1.1']);
    expect(side.disputes.outcomesFor('alice', 10, null).nodes.map((d) => d.id)).toEqual(['m1.1']);
    expect(side.disputes.outcomesFor('carol', 10, null).nodes).toEqual([]);
    expect(side.log.entries(null, 20, null).nodes.map((e) => e.action).reverse()).toEqual(['claimed', 'noted', 'ruled', 'sanctioned', 'decided appeal', 'lifted sanction']);
    expect(side.log.entries('bob', 20, null).nodes.map((e) => e.action).reverse()).toEqual(['ruled', 'sanctioned', 'decided appeal', 'lifted sanction']);
    const [ban] = side.sanctions.list('bob', null, 10, null).nodes;
    expect(ban).toMatchObject({ sanction_id: 'm1.1/s1', kind: 'ranked-ban', until: at(4) + 3 * DAY, lift_reason: 'ruling overturned on appeal: on review' });
    expect(side.sanctions.list('bob', { now: at(7) }, 10, null).nodes).toEqual([]);
  });

  it('given the same streams read live and rebuilt, then every moderation table is the same', async () => {
    const live = readSide('live');
    const events = await store.readAll();
    for (const event of events) live.engine.applyBatch([event]);
    const rebuilt = readSide('rebuilt');
    await rebuildProjections(store, rebuilt.engine, ['disputes', 'moderation-log', 'sanctions']);
    expect(rebuilt.engine.dump(['disputes', 'moderation-log', 'sanctions'])).toEqual(live.engine.dump(['disputes', 'moderation-log', 'sanctions']));
  });
});
