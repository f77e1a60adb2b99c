import { fieldsFrom, filterOf, NO_SEARCH, queryOf } from './match-filter';

describe('the match search filter', () => {
  it('given an address with every filter, then the fields hold them and the API filter has each (days as the reader’s midnights)', () => {
    const fields = fieldsFrom({
      family: 'PERUDO',
      status: 'FINISHED',
      kind: 'REGULAR',
      ranked: 'true',
      disputed: 'false',
      player: 'acc-1',
      mine: 'true',
      open: 'true',
      openedFrom: '2026-03-01',
      openedTo: '2026-03-31',
    });
    expect(filterOf(fields, true)).toEqual({
      family: 'PERUDO',
      status: 'FINISHED',
      kind: 'REGULAR',
      ranked: true,
      disputed: false,
      player: 'acc-1',
      mine: true,
      open: true,
      openedFrom: new Date('2026-03-01T00:00:00').toISOString(),
      openedTo: new Date('2026-04-01T00:00:00').toISOString(),
    });
    expect(fieldsFrom(Object.fromEntries(new URLSearchParams(queryOf(fields))))).toEqual(fields);
  });

  it('given values the API would refuse, then each is read as "any" and nothing is sent for it', () => {
    const fields = fieldsFrom({
      family: 'poker',
      status: ['FINISHED', 'LOBBY'],
      ranked: 'yes',
      player: 'a b',
      openedFrom: '2026-13-45',
      openedTo: 'yesterday',
      mine: '1',
    });
    expect(fields).toEqual(NO_SEARCH);
    expect(filterOf(fields, true)).toEqual({});
    expect(queryOf(fields)).toBe('');
  });

  it('given "mine" for a guest, then it is not sent (the API needs a token for it)', () => {
    expect(filterOf({ ...NO_SEARCH, mine: 'true' }, false)).toEqual({});
  });
});
