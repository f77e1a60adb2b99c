import { TableViolation } from './violation';
import { account, ann, bid, bob, cpu, cyd, human, join, leave, liar, open, plan, start, TableUnderTest } from './testing/table';
import type { TableCommand } from './commands';
import { cpuPlays, freeSeats, seatName } from './table';

/** Tables in the states the rows start from; each built through the real decider. */
const given = {
  nothing: () => new TableUnderTest(),
  lobby: () => TableUnderTest.opened(ann, plan([human, human, cpu])),
  fullLobby: () => given.lobby().do(join(bob)),
  rankedLobby: () => TableUnderTest.opened(ann, plan([human, human], { ranked: true })),
  started: () => given.fullLobby().do(start(ann)).roll(),
  rankedStarted: () => TableUnderTest.opened(ann, plan([human, human], { ranked: true })).do(join(bob)).do(start(ann)).roll(),
  handedOver: () => given.started().do(leave(bob)),
  /** A ranked player's forfeit ends a two-seat match. */
  finished: () => given.rankedStarted().do(leave(bob)),
};

/** A join by an account banned from ranked play until `until` (join() is sent at t = 2,000). */
const bannedJoin = (who: typeof bob, until: number): TableCommand => {
  const command = join(who);
  return { ...command, data: { ...command.data, rankedBanUntil: until } } as TableCommand;
};

/** A join by an account carrying the collusion mark `mark` (a sanction id; no end date). */
const markedJoin = (who: typeof bob, mark: string | null): TableCommand => {
  const command = join(who);
  return { ...command, data: { ...command.data, collusionMark: mark } } as TableCommand;
};

type Row = { readonly from: keyof typeof given; readonly when: TableCommand; readonly then: string; readonly source: string };

describe('opening a table (OpenMatch)', () => {
  it.each`
    seats                                                  | extra                                | then                | source
    ${[human, human]}                                      | ${{}}                                | ${'accepted'}       | ${'rules.md §1: 2 to 6 players'}
    ${[cpu, cpu]}                                          | ${{}}                                | ${'accepted'}       | ${'rules.md §1: a seat is a human or a CPU (the host watches)'}
    ${[human]}                                             | ${{}}                                | ${'BAD_USER_INPUT'} | ${'rules.md §1: 2 to 6 players'}
    ${Array.from({ length: 7 }, () => human)}              | ${{}}                                | ${'BAD_USER_INPUT'} | ${'rules.md §1: 2 to 6 players'}
    ${[human, cpu]}                                        | ${{ ranked: true }}                  | ${'BAD_USER_INPUT'} | ${'rules.md §10: ratings rank people; ADR 0005'}
    ${[{ kind: 'human', difficulty: 'hard' }, human]}      | ${{}}                                | ${'BAD_USER_INPUT'} | ${'issue #10 item 9: a difficulty on a human seat is refused'}
    ${[human, { kind: 'cpu', difficulty: 'godlike' }]}     | ${{}}                                | ${'BAD_USER_INPUT'} | ${'rules.md §1: easy, medium, hard or expert'}
    ${[human, { kind: 'robot' }]}                          | ${{}}                                | ${'BAD_USER_INPUT'} | ${'rules.md §1: a seat is a human or a CPU'}
    ${[human, cpu]}                                        | ${{ options: { bullets: 2 } }}       | ${'INVALID_MATCH'}  | ${'rules.md §1: bullets are a revolver option (the engine says so)'}
    ${[human, cpu]}                                        | ${{ kind: 'league' }}                | ${'BAD_USER_INPUT'} | ${'regular, practice or tutorial'}
    ${[human, { kind: 'cpu', name: 'Dealer Dan' }]}        | ${{}}                                | ${'accepted'}       | ${'a host may name a CPU seat'}
    ${[human, { kind: 'cpu', name: "Ó'Brien-2.0" }]}       | ${{}}                                | ${'accepted'}       | ${'any letters, digits and . \' _ -'}
    ${[{ kind: 'human', name: 'Boss' }, cpu]}              | ${{}}                                | ${'BAD_USER_INPUT'} | ${'a person is shown by their account name'}
    ${[human, { kind: 'cpu', name: ' Dan' }]}              | ${{}}                                | ${'BAD_USER_INPUT'} | ${'no space at either end'}
    ${[human, { kind: 'cpu', name: '' }]}                  | ${{}}                                | ${'BAD_USER_INPUT'} | ${'1 to 24 characters'}
    ${[human, { kind: 'cpu', name: 'x'.repeat(25) }]}      | ${{}}                                | ${'BAD_USER_INPUT'} | ${'1 to 24 characters'}
    ${[human, { kind: 'cpu', name: 'Dan<script>' }]}       | ${{}}                                | ${'BAD_USER_INPUT'} | ${'letters, digits, spaces and . \' _ - only'}
    ${[human, { kind: 'cpu', name: '\u3164\u3164' }]}      | ${{}}                                | ${'BAD_USER_INPUT'} | ${'ADR 0070: Hangul fillers are letters no one sees'}
  `('$seats $extra: $then — $source', ({ seats, extra, then }) => {
    expect(given.nothing().verdict(open(ann, plan(seats, extra)))).toBe(then);
  });

  it('given a CPU seat named with an invisible letter, then the refusal names the seat and the character', () => {
    expect(given.nothing().when(open(ann, plan([human, { kind: 'cpu', name: 'Dan\u3164' }])))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'seats[1].name',
      message: 'seats[1].name: found U+3164, an invisible character, at character 4; a name shows every character it has',
    });
  });

  it.each`
    ranked   | until        | then            | source
    ${true}  | ${1_001}     | ${'RANKED_BAN'} | ${'moderation: a ranked ban bars hosting a ranked table (the host sits)'}
    ${true}  | ${1_000}     | ${'accepted'}   | ${'the ban ended at the moment of opening'}
    ${false} | ${9_999_999} | ${'accepted'}   | ${'a ranked ban leaves unranked play alone'}
  `('a host banned from ranked play until $until opens a table (ranked $ranked): $then — $source', ({ ranked, until, then }) => {
    const command = open(ann, plan([human, human], { ranked }));
    expect(given.nothing().verdict({ ...command, data: { ...command.data, rankedBanUntil: until } } as TableCommand)).toBe(then);
  });

  it.each`
    ranked   | mark         | then                | source
    ${true}  | ${'d1/s1'}   | ${'COLLUSION_MARK'} | ${'moderation: a collusion mark bars hosting a ranked table (the host sits)'}
    ${true}  | ${null}      | ${'accepted'}       | ${'no mark (or one lifted): ranked play is open'}
    ${false} | ${'d1/s1'}   | ${'accepted'}       | ${'a collusion mark leaves unranked play alone'}
  `('a host carrying collusion mark $mark opens a table (ranked $ranked): $then — $source', ({ ranked, mark, then }) => {
    const command = open(ann, plan([human, human], { ranked }));
    expect(given.nothing().verdict({ ...command, data: { ...command.data, collusionMark: mark } } as TableCommand)).toBe(then);
  });

  it('names the seat and field at fault, so a client can point at it', () => {
    const refused = given.nothing().when(open(ann, plan([human, { kind: 'human', difficulty: 'easy' }])));
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', field: 'seats[1].difficulty', message: 'seats[1].difficulty: only a CPU seat has a difficulty' });
  });

  it('seats the host at the first human seat, numbers seats s1… and gives CPUs medium unless asked', () => {
    const table = TableUnderTest.opened(ann, plan([cpu, human, { kind: 'cpu', difficulty: 'expert' }]));
    expect(table.events.map((e) => e.type)).toEqual(['MatchOpened', 'SeatTaken']);
    expect(table.state.table.status === 'lobby' && table.state.table.seats).toEqual([
      { seat: 's1', kind: 'cpu', difficulty: 'medium', name: 'B. Pascal', holder: null, previous: null },
      { seat: 's2', kind: 'human', difficulty: null, name: 'G. Cardano', holder: ann, previous: null },
      { seat: 's3', kind: 'cpu', difficulty: 'expert', name: 'P. Fermat', holder: null, previous: null },
    ]);
  });

  it('given a named CPU seat, then the table shows its name; unnamed CPUs and handed-over seats their roster names (ADR 0075)', () => {
    const table = TableUnderTest.opened(ann, plan([human, human, { kind: 'cpu', name: 'Dealer Dan', difficulty: 'hard' }, cpu])).do(join(bob)).do(start(ann)).roll().do(leave(bob));
    const seats = table.state.table.status === 'none' ? [] : table.state.table.seats;
    expect(seats.map(seatName)).toEqual(['ann', 'G. Cardano', 'Dealer Dan', 'B. Pascal']);
  });

  it('never opens the same match twice', () => {
    expect(given.lobby().verdict(open(bob, plan([human, human])))).toBe('MATCH_EXISTS');
  });
});

describe('the lobby (join, start, leave) and play through it', () => {
  const rows: Row[] = [
    { from: 'lobby', when: join(bob), then: 'accepted', source: 'a free human seat is anyone’s' },
    { from: 'lobby', when: join(ann), then: 'ALREADY_SEATED', source: 'one seat per account' },
    { from: 'lobby', when: join(bob, 's1'), then: 'SEAT_TAKEN', source: 's1 is the host’s' },
    { from: 'lobby', when: join(bob, 's3'), then: 'SEAT_TAKEN', source: 's3 is a CPU seat' },
    { from: 'lobby', when: join(bob, 's9'), then: 'BAD_USER_INPUT', source: 'the table has no seat s9' },
    { from: 'lobby', when: join(bob, 'x'.repeat(500)), then: 'BAD_USER_INPUT', source: 'a seat name the table does not have' },
    { from: 'lobby', when: join(bob, 's2'), then: 'accepted', source: 'the free seat asked for' },
    { from: 'fullLobby', when: join(cyd), then: 'NO_FREE_SEAT', source: 'every human seat is taken' },
    { from: 'started', when: join(cyd), then: 'NOT_IN_LOBBY', source: 'seats are taken before the start' },
    { from: 'fullLobby', when: start(bob), then: 'FORBIDDEN', source: 'only the host starts' },
    { from: 'lobby', when: start(ann), then: 'SEATS_OPEN', source: 'every human seat must be taken' },
    { from: 'fullLobby', when: start(ann), then: 'accepted', source: 'the host starts a full table' },
    { from: 'started', when: start(ann), then: 'NOT_IN_LOBBY', source: 'a match starts once' },
    { from: 'lobby', when: leave(ann), then: 'accepted', source: 'ADR 0005: in the lobby the seat is freed' },
    { from: 'lobby', when: leave(bob), then: 'FORBIDDEN', source: 'ADR 0005: only a seated player leaves' },
    { from: 'started', when: leave(cyd), then: 'FORBIDDEN', source: 'ADR 0005: only a seated player leaves' },
    { from: 'handedOver', when: leave(bob), then: 'FORBIDDEN', source: 'ADR 0005: the leaver became a spectator' },
    { from: 'started', when: { type: 'LeaveMatch', data: { actor: { kind: 'cpu', seat: 's3' }, at: 1 } }, then: 'FORBIDDEN', source: 'ADR 0005: only a player leaves' },
    { from: 'finished', when: leave(ann), then: 'MATCH_OVER', source: 'ADR 0005: a finished match cannot be left' },
    { from: 'nothing', when: join(bob), then: 'NOT_FOUND', source: 'no match, nothing to join' },
    { from: 'rankedLobby', when: bannedJoin(bob, 2_001), then: 'RANKED_BAN', source: 'moderation: a ranked ban refuses ranked seats until it ends' },
    { from: 'rankedLobby', when: bannedJoin(bob, 2_000), then: 'accepted', source: 'the ban ended when the join came' },
    { from: 'lobby', when: bannedJoin(bob, 9_999_999), then: 'accepted', source: 'a ranked ban leaves unranked tables alone' },
    { from: 'rankedLobby', when: markedJoin(bob, 'd1/s1'), then: 'COLLUSION_MARK', source: 'moderation: a collusion mark refuses ranked seats until a moderator lifts it' },
    { from: 'rankedLobby', when: markedJoin(bob, null), then: 'accepted', source: 'the mark was lifted' },
    { from: 'lobby', when: markedJoin(bob, 'd1/s1'), then: 'accepted', source: 'a collusion mark leaves unranked tables alone' },
    { from: 'fullLobby', when: bid(account(ann), 1, 2), then: 'NOT_STARTED', source: 'no play before the host starts' },
    { from: 'started', when: bid(account(cyd), 1, 2), then: 'FORBIDDEN', source: 'a spectator has no seat to play' },
    { from: 'started', when: bid({ kind: 'cpu', seat: 's1' }, 1, 2), then: 'FORBIDDEN', source: 'the bot driver plays CPU seats only' },
    { from: 'started', when: bid({ kind: 'timer' }, 1, 2), then: 'FORBIDDEN', source: 'the timer only times out' },
    { from: 'handedOver', when: bid(account(bob), 1, 2), then: 'FORBIDDEN', source: 'ADR 0005: the seat is the CPU’s now' },
    { from: 'finished', when: liar(account(ann)), then: 'MATCH_OVER', source: 'rules.md §8: a match with a winner takes no moves' },
  ];

  it.each(rows)('$from, when $when.type: $then — $source', ({ from, when, then }) => {
    expect(given[from]().verdict(when)).toBe(then);
  });

  it('given a ranked lobby, a refused seat says why and until when: the ban’s end, or the mark until lifted', () => {
    expect(given.rankedLobby().when(bannedJoin(bob, 86_400_000))).toMatchObject({ code: 'RANKED_BAN', message: 'banned from ranked play until 1970-01-02T00:00:00.000Z' });
    expect(given.rankedLobby().when(markedJoin(bob, 'd1/s2'))).toMatchObject({
      code: 'COLLUSION_MARK',
      message: 'carries a collusion mark (sanction d1/s2): ranked play is closed until a moderator lifts it',
    });
  });

  it('given a started match, when the player to act bids, then the engine decides it; out of turn keeps the engine’s code', () => {
    const table = given.started();
    const onTurn = table.toAct() === 's1' ? ann : bob;
    const waiting = onTurn === ann ? bob : ann;
    expect(table.verdict(bid(account(waiting), 1, 2))).toBe('NOT_YOUR_TURN');
    expect(table.when(bid(account(onTurn), 1, 2))).toMatchObject([{ type: 'BidPlaced', data: { by: table.toAct(), quantity: 1, face: 2 } }]);
  });

  it('given a seat handed to a CPU, then the seat says who held it and the bot driver may play it', () => {
    const table = given.handedOver();
    const s2 = table.state.table.status === 'none' ? undefined : table.state.table.seats.find((s) => s.seat === 's2');
    expect(s2).toEqual({ seat: 's2', kind: 'human', difficulty: 'medium', name: 'G. Cardano', holder: null, previous: bob });
    expect(s2 && cpuPlays(s2)).toBe(true);
    if (table.toAct() !== 's2') table.do(bid(account(ann), 1, 2));
    expect(table.verdict(bid({ kind: 'cpu', seat: 's2' }, 2, 2))).toBe('accepted');
  });

  it('given a ranked match under way, when a player leaves, then they forfeit (the engine’s event) and the other wins', () => {
    const table = given.rankedStarted().do(leave(bob));
    expect(table.events.map((e) => e.type)).toContain('PlayerForfeited');
    expect(table.state.table.status).toBe('finished');
    expect(table.state.game).toMatchObject({ status: 'finished', winner: 's1' });
  });

  it('given a lobby, when a player leaves, then the seat is free for the next one', () => {
    const table = given.fullLobby().do(leave(bob));
    expect(table.state.table.status === 'lobby' && freeSeats(table.state.table).map((s) => s.seat)).toEqual(['s2']);
    expect(table.verdict(join(cyd))).toBe('accepted');
  });

  it('given a timer for a match no longer waiting on a player, then there is nothing to do', () => {
    expect(given.fullLobby().when({ type: 'TimeOut', data: { at: 9_000 } })).toEqual([]);
    expect(given.finished().when({ type: 'TimeOut', data: { at: 9_000 } })).toEqual([]);
  });

  it('returns violations as values; it never throws', () => {
    const notTheHost = given.lobby().when(start(bob));
    const noMatch = given.nothing().when(bid(account(ann), 1, 2));
    expect(notTheHost).toBeInstanceOf(TableViolation);
    expect(notTheHost).toMatchObject({ code: 'FORBIDDEN', message: 'only the host starts the match' });
    expect(noMatch).toBeInstanceOf(TableViolation);
    expect(noMatch).toMatchObject({ code: 'NOT_FOUND', field: 'matchId', message: 'matchId: no such match' });
  });
});
