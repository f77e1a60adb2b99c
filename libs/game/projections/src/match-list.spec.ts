import fc from 'fast-check';
import { DIFFICULTIES, type LobbyEvent, type SeatState, type StreamEvent, type TournamentTableRef } from '@liars-dice/game-match';
import { lobbyEvents } from './testing';
import { evolveFacts, type MatchFacts } from './match-facts';
import { listedSeat, matchListEntry, withRosterNames } from './match-list';

const ann = { id: 'a-ann', name: 'ann' };
/** A person whose account happens to be named like the API's word for an unnamed CPU. */
const cpuNamedPerson = { id: 'a-cpu', name: 'cpu' };

/** A lobby opened by ann: her seat, a CPU named "Alice" (hard), an unnamed CPU (easy, "B. Pascal"), and a free seat. */
function lobby(tournament: TournamentTableRef | null = null): LobbyEvent[] {
  const [opened] = lobbyEvents({ matchId: 'm1', accounts: ['a-ann'], ruleset: 'classic', at: 1_000 });
  if (opened?.type !== 'MatchOpened') throw new Error('no MatchOpened');
  const seats = [
    { seat: 's1', kind: 'human', difficulty: null },
    { seat: 's2', kind: 'cpu', difficulty: 'hard', name: 'Alice' },
    { seat: 's3', kind: 'cpu', difficulty: 'easy' },
    { seat: 's4', kind: 'human', difficulty: null },
  ] as const;
  return [{ type: 'MatchOpened', data: { ...opened.data, host: ann, seats: [...seats], tournament } }, { type: 'SeatTaken', data: { seat: 's1', account: ann } }];
}

function factsAfter(events: readonly StreamEvent[]): MatchFacts {
  const facts = events.reduce<MatchFacts | null>((before, event, index) => evolveFacts(before, { matchId: 'm1', index, event, actor: null, commandId: null, at: 1_000 + index }), null);
  if (!facts) throw new Error('no facts');
  return facts;
}

describe('a match list row says who each seat is', () => {
  it('given a lobby with a named CPU, an unnamed CPU and a free seat, when a person named "cpu" joins, then each seat has its kind, name and level', () => {
    // Given the lobby, when the person named "cpu" takes the free seat
    const before = matchListEntry(factsAfter(lobby()), 7_000);
    const after = matchListEntry(factsAfter([...lobby(), { type: 'SeatTaken', data: { seat: 's4', account: cpuNamedPerson } }]), 8_000);
    // Then the seats tell the CPUs from the people, whatever their names
    expect(before.seats).toEqual([
      { kind: 'human', name: 'ann', difficulty: null, handedToCpu: false },
      { kind: 'cpu', name: 'Alice', difficulty: 'hard', handedToCpu: false },
      { kind: 'cpu', name: 'B. Pascal', difficulty: 'easy', handedToCpu: false },
      { kind: 'free', name: null, difficulty: null, handedToCpu: false },
    ]);
    expect(after.seats[3]).toEqual({ kind: 'human', name: 'cpu', difficulty: null, handedToCpu: false });
    // And `players` (kept for older clients) names the unnamed CPU apart from that person
    expect(after.players).toEqual(['ann', 'Alice', 'B. Pascal', 'cpu']);
  });

  it('given a started match, when a person leaves and a CPU takes the seat over, then that seat is a CPU at the level it was handed with, under its roster name', () => {
    const events: StreamEvent[] = [
      ...lobby(),
      { type: 'SeatTaken', data: { seat: 's4', account: cpuNamedPerson } },
      { type: 'SeatHandedToCpu', data: { seat: 's4', difficulty: 'medium', previous: cpuNamedPerson } },
    ];
    expect(matchListEntry(factsAfter(events), 9_000).seats[3]).toEqual({ kind: 'cpu', name: 'G. Cardano', difficulty: 'medium', handedToCpu: true });
  });
});

describe('a row stored before CPUs had roster names (ADR 0075)', () => {
  it('given its unnamed CPU and a seat a CPU took over stored without names, when read, then they get the names the fold gives now', () => {
    // Given the row as the fold writes it now, and as it was stored before: those CPU names null, "cpu" in players
    const events: StreamEvent[] = [
      ...lobby(),
      { type: 'SeatTaken', data: { seat: 's4', account: cpuNamedPerson } },
      { type: 'SeatHandedToCpu', data: { seat: 's4', difficulty: 'medium', previous: cpuNamedPerson } },
    ];
    const now = matchListEntry(factsAfter(events), 9_000);
    const stored = {
      players: ['ann', 'Alice', 'cpu', 'cpu'],
      seats: now.seats.map((seat) => (seat.name === 'Alice' || seat.kind !== 'cpu' ? seat : { ...seat, name: null })),
    };
    // When it is read, then it names every seat as the fold does
    expect(withRosterNames(stored)).toEqual({ players: ['ann', 'Alice', 'B. Pascal', 'G. Cardano'], seats: now.seats });
    expect(now.players).toEqual(['ann', 'Alice', 'B. Pascal', 'G. Cardano']);
    // And a row stored since comes back as the very object
    expect(withRosterNames(now)).toBe(now);
  });
});

describe('a match list row says since when its lobby is idle', () => {
  it('given a casual lobby, then it is idle since the commit of its last event; once closed, never', () => {
    expect(matchListEntry(factsAfter(lobby()), 7_000.5).idleSince).toBe(7_000.5);
    const closed: StreamEvent = { type: 'LobbyClosed', data: { reason: 'cancelled', by: ann } };
    expect(matchListEntry(factsAfter([...lobby(), closed]), 9_000).idleSince).toBeNull();
  });

  it('given a tournament table waiting for its players, then it has no idle time (its tournament starts it)', () => {
    expect(matchListEntry(factsAfter(lobby({ tournamentId: 't1', round: 1, table: 1 })), 7_000).idleSince).toBeNull();
  });
});

const seats: fc.Arbitrary<SeatState> = fc.record({
  seat: fc.constant('s1'),
  kind: fc.constantFrom('human' as const, 'cpu' as const),
  difficulty: fc.option(fc.constantFrom(...DIFFICULTIES)),
  name: fc.option(fc.constantFrom('Alice', 'cpu', 'CPU', 'Bob')),
  holder: fc.option(fc.record({ id: fc.constant('a1'), name: fc.constantFrom('ann', 'cpu', 'Alice') })),
  previous: fc.option(fc.record({ id: fc.constant('a2'), name: fc.constantFrom('bob', 'cpu') })),
});

describe('the listed seat and the seat name agree', () => {
  it('for any seat, the listed name is what `players` shows, except that an unnamed CPU is "cpu" there and null here', () => {
    fc.assert(
      fc.property(seats, (seat) => {
        const listed = listedSeat(seat);
        const [player] = matchListEntry({ ...factsAfter(lobby()), seats: [seat] }, null).players;
        if (listed.kind === 'free') expect(player).toBeNull();
        else expect(player).toBe(listed.name ?? 'cpu');
        // A person is never listed as a CPU, nor a CPU as a person, whatever either is called
        expect(listed.kind === 'cpu').toBe(seat.kind === 'cpu' || seat.previous !== null);
        expect(listed.difficulty !== null).toBe(listed.kind === 'cpu' && seat.difficulty !== null);
      }),
    );
  });
});

describe('a match list row keeps its disputes (issue #33)', () => {
  const marks = (...events: StreamEvent[]) => matchListEntry(factsAfter([...lobby(), ...events]), null);

  it('given a dispute, when it is ruled, then `disputed` clears while `hadDispute` and the ruling stay', () => {
    const filed = marks({ type: 'MatchDisputed', data: { disputeId: 'm1.1', live: false } });
    expect([filed.disputed, filed.hadDispute, filed.ruling]).toEqual([true, true, null]);
    const ruled = marks({ type: 'MatchDisputed', data: { disputeId: 'm1.1', live: false } }, { type: 'DisputeResolved', data: { disputeId: 'm1.1', outcome: 'dismiss' } });
    expect([ruled.disputed, ruled.hadDispute, ruled.ruling]).toEqual([false, true, 'dismiss']);
  });

  it('given a void restored on appeal, then the ruling still reads void and the row counts again', () => {
    const restored = marks(
      { type: 'MatchDisputed', data: { disputeId: 'm1.1', live: false } },
      { type: 'MatchVoided', data: { disputeId: 'm1.1', reason: 'collusion' } },
      { type: 'DisputeResolved', data: { disputeId: 'm1.1', outcome: 'void' } },
      { type: 'MatchUnvoided', data: { disputeId: 'm1.1', reason: 'overturned' } },
    );
    expect([restored.hadDispute, restored.ruling, restored.voided]).toEqual([true, 'void', false]);
  });

  it('given a match never disputed, then it has no dispute and no ruling', () => {
    expect([marks().hadDispute, marks().ruling]).toEqual([false, null]);
  });
});
