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
});
