import { randomUUID } from 'node:crypto';
import type { EventStore } from '@liars-dice/event-store-port';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { matchStream, readMetadata } from '@liars-dice/game-match';
import { DEFAULT_POLICY, disputesStream, sanctionsStream } from '@liars-dice/game-moderation';
import { Clock, Refusal, type ServerSettings } from '@liars-dice/server-platform';
import type { Principal } from '@liars-dice/server-auth';
import { appendMatches } from '@liars-dice/server-projections/testing';
import { DisputeDesk } from './dispute-desk';
import { MatchMarks } from './match-marks';
import { ModerationReactor } from './moderation-reactor';
import { sanctionsModel } from './models';
import { StreamRunner } from './stream-runner';

const HOUR = 3_600_000;

class FixedClock extends Clock {
  constructor(public t: number) {
    super();
  }
  override now(): number {
    return this.t;
  }
}

const settings = { commandRetries: 3, moderation: DEFAULT_POLICY } as unknown as ServerSettings;
const person = (id: string, role: Principal['role'] = 'player'): Principal => ({ id, name: `${id}-name`, role }) as Principal;
const [alice, bob, mia, max] = [person('alice'), person('bob'), person('mia', 'moderator'), person('max', 'moderator')];

describe('the dispute desk over a real store (runner, reactor, marks)', () => {
  let store: EventStore;
  let clock: FixedClock;
  let desk: DisputeDesk;
  let reactor: ModerationReactor;

  beforeEach(async () => {
    store = new InMemoryEventStore();
    clock = new FixedClock(10 * HOUR);
    const runner = new StreamRunner(store, clock, settings);
    const marks = new MatchMarks(store, settings);
    reactor = new ModerationReactor(store, marks, runner, clock);
    desk = new DisputeDesk(runner, marks, reactor, settings);
    await appendMatches(store, [{ matchId: 'm1', accounts: ['alice', 'bob'], ranked: true, seed: 7 }]);
  });

  afterEach(() => store.close());

  const file = (by: Principal, commandId: string = randomUUID()) => desk.file(by, commandId, { matchId: 'm1', category: 'collusion', text: 'soft play', steps: [] });
  const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);

  it('given a command id sent again, then the first result stands and nothing is appended; another command under it is refused', async () => {
    await file(alice, 'same-id');
    await file(alice, 'same-id');
    expect(await types(disputesStream('m1'))).toEqual(['DisputeFiled']);
    await expect(desk.act(alice, 'same-id', 'm1.1', { type: 'AppealRuling', text: 'x' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(file(alice, 'bad id!')).rejects.toMatchObject({ code: 'BAD_USER_INPUT', field: 'commandId' });
  });

  it('given two moderators claiming at once, then one holds it and the other is told who does', async () => {
    await file(alice);
    const claims = await Promise.allSettled([desk.act(mia, randomUUID(), 'm1.1', { type: 'ClaimDispute' }), desk.act(max, randomUUID(), 'm1.1', { type: 'ClaimDispute' })]);
    expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    const refused = claims.find((c): c is PromiseRejectedResult => c.status === 'rejected')?.reason as Refusal;
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused.code).toBe('ALREADY_CLAIMED');
    expect((await types(disputesStream('m1'))).filter((t) => t === 'DisputeClaimed')).toHaveLength(1);
  });

  it('given a void with a ban, then the match stream gets the void and the resolution in one append and bob his ban, once each, by the moderator', async () => {
    await file(alice);
    await desk.act(mia, randomUUID(), 'm1.1', { type: 'ClaimDispute' });
    await desk.act(mia, randomUUID(), 'm1.1', { type: 'RuleDispute', action: 'void', reason: 'soft play', sanctions: [{ account: 'bob', kind: 'ranked-ban', days: 2 }] });
    const match = await store.readStream(matchStream('m1'));
    const marks = match.filter((e) => readMetadata(e.metadata).commandId?.startsWith('moderation:'));
    expect(marks.map((e) => [e.type, readMetadata(e.metadata).commandId, readMetadata(e.metadata).batch])).toEqual([
      ['MatchDisputed', 'moderation:m1.1:flag', { index: 0, size: 1 }],
      ['MatchVoided', 'moderation:m1.1:void', { index: 0, size: 2 }],
      ['DisputeResolved', 'moderation:m1.1:void', { index: 1, size: 2 }],
    ]);
    expect(readMetadata(marks[1]?.metadata).actor).toBe('account:mia');
    const ban = await store.readStream(sanctionsStream('bob'));
    expect(ban.map((e) => [e.type, (e.data as { until: number }).until, (e.data as { account: { name: string } }).account.name])).toEqual([['SanctionImposed', 10 * HOUR + 2 * 24 * HOUR, 'bob-name']]);
    // A sweep (as at start-up) finds everything done and appends nothing.
    await reactor.sweep();
    expect((await store.readStream(matchStream('m1'))).length).toBe(match.length);
    expect((await store.readStream(sanctionsStream('bob'))).length).toBe(1);
  });

  it('given a crash after a ruling was appended but before its effects, then the start-up sweep makes them', async () => {
    await file(alice);
    await desk.act(mia, randomUUID(), 'm1.1', { type: 'ClaimDispute' });
    // The ruling reaches the disputes stream, and the process dies before the reactor runs.
    const ruled = { disputeId: 'm1.1', moderator: { id: 'mia', name: 'mia-name' }, ruling: { action: 'sanction', reason: 'abuse', sanctions: [{ account: 'bob', kind: 'collusion-mark', days: null }] }, pendingSecond: false, at: 11 * HOUR };
    await store.appendToStream(disputesStream('m1'), [{ id: randomUUID(), type: 'DisputeRuled', data: ruled }]);
    expect(await types(matchStream('m1'))).not.toContain('DisputeResolved');
    await reactor.sweep();
    expect(await types(matchStream('m1'))).toContain('DisputeResolved');
    expect(await types(sanctionsStream('bob'))).toEqual(['SanctionImposed']);
  });

  it('given an appeal that overturns a ban already lifted by a moderator, then the reactor lets the lifting stand', async () => {
    await file(alice);
    await desk.act(mia, randomUUID(), 'm1.1', { type: 'ClaimDispute' });
    await desk.act(mia, randomUUID(), 'm1.1', { type: 'RuleDispute', action: 'sanction', reason: 'abuse', sanctions: [{ account: 'bob', kind: 'ranked-ban', days: 2 }] });
    clock.t += HOUR;
    await desk.act(bob, randomUUID(), 'm1.1', { type: 'AppealRuling', text: 'please' });
    const runner = new StreamRunner(store, clock, settings);
    await runner.run(sanctionsModel('bob'), { commandId: 'lift-1', actor: { kind: 'account', id: 'max', name: 'max-name' }, command: 'LiftSanction', request: {} }, (at) => ({
      type: 'LiftSanction' as const,
      data: { sanctionId: 'm1.1/s1', reason: 'early release', by: { id: 'max', name: 'max-name', role: 'moderator' as const }, at },
    }));
    await desk.act(max, randomUUID(), 'm1.1', { type: 'DecideAppeal', decision: 'overturned', reason: 'on review' });
    expect(await types(sanctionsStream('bob'))).toEqual(['SanctionImposed', 'SanctionLifted']);
  });
});
