import { TurnOutbox } from './turn-outbox';

const turnEnd = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const runEnd = (): Promise<void> => Promise.resolve();

function given(options: ConstructorParameters<typeof TurnOutbox<number>>[1] = {}): { outbox: TurnOutbox<number>; posts: unknown[][] } {
  const posts: unknown[][] = [];
  return { outbox: new TurnOutbox<number>((batch) => posts.push(batch), options), posts };
}

/** After [1, 2] went: a third message is not posted when its run ends, only when the turn does. */
async function thenAThirdWaitsForTheTurnEnd(outbox: TurnOutbox<number>, posts: unknown[][]): Promise<void> {
  outbox.push(3);
  await runEnd();
  expect(posts).toEqual([[1, 2]]);
  await turnEnd();
  expect(posts).toEqual([[1, 2], [3]]);
}

describe('TurnOutbox', () => {
  it('given messages from several runs of one turn, then they are posted once, in order, when the turn ends', async () => {
    const { outbox, posts } = given();
    outbox.push(1);
    await runEnd();
    outbox.push(2);
    await runEnd();
    outbox.push(3);
    expect(posts).toEqual([]);
    await turnEnd();
    expect(posts).toEqual([[1, 2, 3]]);
  });

  it('given messages in two turns, then each turn is its own post', async () => {
    const { outbox, posts } = given();
    outbox.push(1);
    await turnEnd();
    outbox.push(2);
    await turnEnd();
    expect(posts).toEqual([[1], [2]]);
  });

  it('given an encoder, then each message is encoded into the one batch', async () => {
    const { outbox, posts } = given({ encode: (n, into) => void into.push('n', n) });
    outbox.push(1);
    outbox.push(2);
    await turnEnd();
    expect(posts).toEqual([['n', 1, 'n', 2]]);
  });

  it('given a batch reaching maxMessages, then it is posted at once and the rest wait for the turn end', async () => {
    const { outbox, posts } = given({ maxMessages: 2 });
    outbox.push(1);
    outbox.push(2);
    expect(posts).toEqual([[1, 2]]);
    await thenAThirdWaitsForTheTurnEnd(outbox, posts);
  });

  it('given an eager receiver when a batch starts, then the batch is posted when the run ends', async () => {
    let idle = true;
    const { outbox, posts } = given({ eager: () => idle });
    outbox.push(1);
    outbox.push(2);
    idle = false;
    await runEnd();
    expect(posts).toEqual([[1, 2]]);
    await thenAThirdWaitsForTheTurnEnd(outbox, posts);
  });

  it('given flushSoon while a batch waits for the turn end, then it is posted when the run ends', async () => {
    const { outbox, posts } = given({ eager: () => false });
    outbox.push(1);
    outbox.flushSoon();
    await runEnd();
    expect(posts).toEqual([[1]]);
    outbox.flushSoon();
    await turnEnd();
    expect(posts).toEqual([[1]]);
  });

  it('given a flush, then what waits is posted at once and not again when the turn ends', async () => {
    const { outbox, posts } = given();
    outbox.push(1);
    outbox.flush();
    expect(posts).toEqual([[1]]);
    await turnEnd();
    expect(posts).toEqual([[1]]);
  });
});
