import type { AppendResult, EventStore } from '@liars-dice/event-store-port';
import { MatchCatalog } from './match-catalog';
import { MatchRepository } from './match-repository';

const event = { id: 'e', type: 'BidPlaced', data: {} };
const record = (revision: bigint) => ({ table: { matchId: 'm1' }, revision }) as never;

/** A store whose appends wait until the test answers them. */
function given() {
  const answers: Array<{ resolve: (result: AppendResult) => void; reject: (error: Error) => void }> = [];
  const store = { appendToStream: () => new Promise<AppendResult>((resolve, reject) => answers.push({ resolve, reject })) } as unknown as EventStore;
  const catalog = new MatchCatalog(store);
  return { catalog, repository: new MatchRepository(store, catalog), answers };
}

describe('MatchRepository.append: the catalog knows which appends of this process are in flight', () => {
  it('given no append in flight, then nobody waits for one', () => {
    const { catalog } = given();
    expect(catalog.appendsAnswered('m1')).toBeNull();
  });

  it('given an append in flight, when the store acknowledges it, then waiters resume knowing this process wrote it', async () => {
    const { catalog, repository, answers } = given();
    const appending = repository.append('m1', [event], 4n);
    const answered = catalog.appendsAnswered('m1');
    expect(answered).not.toBeNull();
    expect(catalog.wroteLast(record(5n))).toBe(false);

    answers[0]?.resolve({ nextExpectedRevision: 5n } as AppendResult);
    await answered;

    expect(catalog.wroteLast(record(5n))).toBe(true);
    await expect(appending).resolves.toEqual({ nextExpectedRevision: 5n });
    expect(catalog.appendsAnswered('m1')).toBeNull();
  });

  it('given two appends in flight, then waiters resume only once both are answered, a refusal included', async () => {
    const { catalog, repository, answers } = given();
    const first = repository.append('m1', [event], 4n);
    const second = repository.append('m1', [event], 4n);
    let resumed = false;
    void catalog.appendsAnswered('m1')?.then(() => (resumed = true));

    answers[0]?.resolve({ nextExpectedRevision: 5n } as AppendResult);
    await first;
    await Promise.resolve();
    expect(resumed).toBe(false);

    answers[1]?.reject(new Error('wrong expected revision'));
    await expect(second).rejects.toThrow('wrong expected revision');
    await Promise.resolve();
    expect(resumed).toBe(true);
    expect(catalog.wroteLast(record(5n))).toBe(true);
  });

  it('given an append in flight, when asked whether this process wrote last, then it answers once the store has: yes if taken, no if refused', async () => {
    const { catalog, repository, answers } = given();
    const taken = repository.append('m1', [event], 4n);
    let answer: boolean | null = null;
    void catalog.wroteLastOnceAnswered(record(5n)).then((wrote) => (answer = wrote));
    await Promise.resolve();
    expect(answer).toBeNull();
    answers[0]?.resolve({ nextExpectedRevision: 5n } as AppendResult);
    await taken;
    await expect(catalog.wroteLastOnceAnswered(record(5n))).resolves.toBe(true);
    expect(answer).toBe(true);

    const refused = repository.append('m1', [event], 5n);
    const asked = catalog.wroteLastOnceAnswered(record(6n));
    answers[1]?.reject(new Error('wrong expected revision'));
    await expect(refused).rejects.toThrow('wrong expected revision');
    await expect(asked).resolves.toBe(false);
  });

  it('given no append in flight and another writer\'s command, then it answers no at once', async () => {
    const { catalog } = given();
    await expect(catalog.wroteLastOnceAnswered(record(2n))).resolves.toBe(false);
  });
});
