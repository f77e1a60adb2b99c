import { Worker } from 'node:worker_threads';
import type { Action } from '@liars-dice/game-rules';
import { DIFFICULTIES, type Difficulty } from '@liars-dice/game-match';
import { GameBotsPolicy } from '../game-bots-policy';
import { playedPositions } from '../testing/played-positions';
import { decodeDecision, encodeDecision, HistoryJson } from './protocol';
import { ThreadedBotsPolicy } from './threaded-bots-policy';

// Each thread compiles the bots' sources on start (tools/ts-require.cjs): seconds on a loaded machine.
jest.setTimeout(60_000);

const positions = playedPositions(3);

describe('what crosses to the CPU-seat thread', () => {
  it('given every position of whole matches of each family, when a decision is encoded and decoded, then the view and legal moves are exactly the ones asked', () => {
    const histories = new HistoryJson();
    for (const { view, legal } of positions) {
      const decoded = decodeDecision(encodeDecision(1, { difficulty: 'expert', view, legal, seed: 'seed' }, histories));
      expect(decoded).toStrictEqual({ difficulty: 'expert', view, legal: [...legal], seed: 'seed' });
    }
  });

  it('given two decisions of one round, then the revealed rounds are written once and reused', () => {
    const histories = new HistoryJson();
    const [first, second] = positions.filter(({ view }) => view.history.length > 0);
    expect(first!.view.history).toBe(second!.view.history);
    const a = encodeDecision(1, { difficulty: 'hard', view: first!.view, legal: first!.legal, seed: 's' }, histories);
    const b = encodeDecision(2, { difficulty: 'hard', view: second!.view, legal: second!.legal, seed: 's' }, histories);
    expect(b.history).toBe(a.history);
  });
});

describe('the CPU-seat thread', () => {
  let policy: ThreadedBotsPolicy;
  afterEach(async () => policy.close());

  it('given positions of whole matches of each family and every level, when the thread answers, then each is the move the in-process policy makes', async () => {
    // Given
    policy = ThreadedBotsPolicy.fromSources();
    const inProcess = new GameBotsPolicy();
    const asked = positions.filter((_, i) => i % 7 === 0).flatMap((position, i) => DIFFICULTIES.map((difficulty) => ({ ...position, difficulty, seed: `s${i}` })));
    // When (all in one tick: one message)
    const answers = await Promise.all(asked.map(({ difficulty, view, legal, seed }) => policy.choose(difficulty, view, legal, seed)));
    // Then
    expect(answers).toEqual(asked.map(({ difficulty, view, legal, seed }) => inProcess.choose(difficulty, view, legal, seed)));
  });

  it('given decisions asked by think-time timers that expire in one event-loop turn, then they cross in one message and each gets its own move', async () => {
    // Given a thread whose messages are counted
    const real = ThreadedBotsPolicy.fromSources() as unknown as { spawn: () => Worker };
    const posted: number[] = [];
    policy = new ThreadedBotsPolicy(() => {
      const worker = real.spawn();
      const post = worker.postMessage.bind(worker);
      // Each post is one flat array of frames, three cells a decision (the threads' channel).
      worker.postMessage = (frames: unknown[]) => (posted.push(frames.length / 3), post(frames));
      return worker;
    });
    const asked = positions.slice(0, 3).map((position, i) => ({ ...position, difficulty: DIFFICULTIES[i + 1]!, seed: `t${i}` }));
    // When: three timers of one delay have all expired by the time the loop reaches its timers phase (as the driver's
    // do when a turn runs long). Each setTimeout reads the clock afresh, so timers set microseconds apart can straddle
    // a millisecond and, reached on time, fire in two turns; holding the thread 20 ms makes the phase see all three.
    const settled = asked.map(({ difficulty, view, legal, seed }) => new Promise<Action>((resolve, reject) => setTimeout(() => void Promise.resolve(policy.choose(difficulty, view, legal, seed)).then(resolve, reject), 5)));
    const until = Date.now() + 20;
    while (Date.now() < until); // the busy run the timers wait behind
    const answers = await Promise.all(settled);
    // Then
    expect(posted).toEqual([3]);
    expect(answers).toEqual(asked.map(({ difficulty, view, legal, seed }) => new GameBotsPolicy().choose(difficulty, view, legal, seed)));
  });

  const [sample] = positions.filter(({ view }) => view.history.length > 0);
  const ask = (on: ThreadedBotsPolicy, difficulty: Difficulty) => on.choose(difficulty, sample!.view, sample!.legal, 's');
  const inProcess = (difficulty: Difficulty) => new GameBotsPolicy().choose(difficulty, sample!.view, sample!.legal, 's');

  it('given a policy that throws, then that decision is rejected with the reason and the thread still answers the next', async () => {
    policy = ThreadedBotsPolicy.fromSources();
    await expect(ask(policy, 'nonsense' as Difficulty)).rejects.toThrow(/the CPU policy failed: TypeError/);
    await expect(ask(policy, 'hard')).resolves.toEqual(inProcess('hard'));
  });

  it('given the thread dies with decisions in flight, then they are rejected and the next decision starts a new thread', async () => {
    // Given a first thread that exits at once, then real ones
    let spawned = 0;
    const real = ThreadedBotsPolicy.fromSources() as unknown as { spawn: () => Worker };
    policy = new ThreadedBotsPolicy(() => (++spawned === 1 ? new Worker('process.exit(3)', { eval: true }) : real.spawn()));
    // When / Then
    await expect(ask(policy, 'medium')).rejects.toThrow(/CPU-seat thread stopped \(exit code 3\)/);
    await expect(ask(policy, 'medium')).resolves.toEqual(inProcess('medium'));
    expect(spawned).toBe(2);
  });

  it('given decisions still waiting, when the policy closes, then they are rejected and later ones too', async () => {
    policy = ThreadedBotsPolicy.fromSources();
    const waiting = ask(policy, 'expert');
    await policy.close();
    await expect(waiting).rejects.toThrow(/closed/);
    await expect(ask(policy, 'expert')).rejects.toThrow(/closed/);
  });
});
