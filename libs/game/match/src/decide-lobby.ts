import { decide as decideEngine, resolveOptions, RuleViolation } from '@liars-dice/game-rules';
import type { CloseLobby, Eligibility, ExpireLobby, JoinMatch, LeaveMatch, OpenMatch, StartMatch } from './commands';
import type { StreamEvent } from './events';
import { planSeats } from './plan';
import type { TableState } from './state';
import { badLobbyIdleSettings, checkLobbyIdle, lobbyIdleSecondsOf } from './lobby-idle';
import { freeSeats, hostless, type OpenTable, seatHeldBy } from './table';
import { idleTime, lobbyClosed, TableViolation } from './violation';
import { type AccountRef, DEFAULT_DIFFICULTY } from './vocabulary';

type Decision = readonly StreamEvent[] | TableViolation | RuleViolation;

const NO_MATCH = (): TableViolation => new TableViolation('NOT_FOUND', 'matchId: no such match', 'matchId');

/**
 * A ranked seat is refused to an account whose ranked ban has not ended yet, or that carries a collusion mark
 * (no end date: it holds until a moderator lifts it). The message says why and until when.
 */
function rankedBar(ranked: boolean, { rankedBanUntil: until, collusionMark: mark, at }: Eligibility & { at: number }): TableViolation | null {
  if (!ranked) return null;
  if (typeof until === 'number' && at < until) return new TableViolation('RANKED_BAN', `banned from ranked play until ${new Date(until).toISOString()}`);
  if (typeof mark === 'string') return new TableViolation('COLLUSION_MARK', `carries a collusion mark (sanction ${mark}): ranked play is closed until a moderator lifts it`);
  return null;
}

/**
 * A host may keep `max` casual lobbies open at once (ADR 0070): a lobby holds memory, a place in every list and
 * a timer until it starts, closes or expires. Tables only CPUs join count too (the host can start or close them at
 * any time); a tournament's tables are its own, never counted.
 */
function lobbyCap(lobbies: OpenMatch['data']['hostedLobbies']): TableViolation | null {
  if (!lobbies || lobbies.max <= 0 || lobbies.hosted < lobbies.max) return null;
  const what = lobbies.max === 1 ? 'an open lobby' : `${lobbies.max} open lobbies`;
  return new TableViolation('TOO_MANY_OPEN_LOBBIES', `you already host ${what}, the most one account may (MAX_OPEN_LOBBIES ${lobbies.max}): start or close one first`);
}

/** The table if it is still in its lobby, or why not. */
function inLobby(state: TableState): OpenTable | TableViolation {
  if (state.table.status === 'none') return NO_MATCH();
  if (state.table.status === 'closed') return lobbyClosed(state.table.closing);
  if (state.table.status !== 'lobby') return new TableViolation('NOT_IN_LOBBY', 'the match has already started');
  return state.table;
}

export function openMatch(state: TableState, data: OpenMatch['data']): Decision {
  const { matchId, host, plan, fairness, sealedSeed, at } = data;
  if (state.table.status !== 'none') return new TableViolation('MATCH_EXISTS', 'the match already exists');
  const seats = planSeats(plan);
  if (seats instanceof TableViolation) return seats;
  // Ranked tables seat humans only, and the host takes the first seat: a banned host may not open one.
  const barred = rankedBar(plan.ranked, data);
  if (barred) return barred;
  const options = resolveOptions(plan.ruleset, plan.options);
  if (options instanceof RuleViolation) return options;
  const { ruleset, ranked, kind } = plan;
  const tournament = plan.tournament ?? null;
  const lobbyIdleSeconds = checkLobbyIdle(plan.lobbyIdleSeconds, data.lobbyIdleMaxSeconds, tournament !== null);
  if (lobbyIdleSeconds instanceof TableViolation) return lobbyIdleSeconds;
  const capped = tournament === null ? lobbyCap(data.hostedLobbies) : null;
  if (capped) return capped;
  // Written only when the host chose one: no choice reads as the server's setting, in old streams and new alike.
  const idle = lobbyIdleSeconds === null ? {} : { lobbyIdleSeconds };
  const opened: StreamEvent = {
    type: 'MatchOpened',
    data: { matchId, ruleset, options, chosenOptions: plan.options, ranked, kind, host, seats, fairness, sealedSeed, openedAt: at, tournament, ...idle },
  };
  // Seats reserved for accounts (a tournament's draw) are taken at once; the host then takes the first free
  // human seat, unless already seated; the host of a table with no free human seat (CPU-only, or a
  // tournament table it does not play at) watches.
  const reserved: StreamEvent[] = plan.seats.flatMap((request, i) => (request.account ? [{ type: 'SeatTaken', data: { seat: `s${i + 1}`, account: request.account } }] : []));
  const hostSeated = plan.seats.some((request) => request.account?.id === host.id);
  const hostSeat = hostSeated ? undefined : seats.find((seat, i) => seat.kind === 'human' && !plan.seats[i]?.account);
  return [opened, ...reserved, ...(hostSeat ? [{ type: 'SeatTaken' as const, data: { seat: hostSeat.seat, account: host } }] : [])];
}

export function joinMatch(state: TableState, data: JoinMatch['data']): Decision {
  const { account, seat } = data;
  const table = inLobby(state);
  if (table instanceof TableViolation) return table;
  const barred = rankedBar(table.ranked, data);
  if (barred) return barred;
  if (seatHeldBy(table, account.id)) return new TableViolation('ALREADY_SEATED', 'you already have a seat at this table');
  const free = freeSeats(table);
  const chosen = seat === null ? free[0] : free.find((s) => s.seat === seat);
  if (chosen) return [{ type: 'SeatTaken', data: { seat: chosen.seat, account } }, ...handOverTo(table, account)];
  // A seat the table does not have is the caller's mistake, named without echoing what was sent.
  if (seat !== null && !table.seats.some((s) => s.seat === seat)) return new TableViolation('BAD_USER_INPUT', `seat: one of ${table.seats.map((s) => s.seat).join(', ')}`, 'seat');
  return seat === null
    ? new TableViolation('NO_FREE_SEAT', 'every human seat is taken')
    : new TableViolation('SEAT_TAKEN', `seat: ${seat} is not a free human seat`, 'seat');
}

export function startMatch(state: TableState, { account }: StartMatch['data']): Decision {
  const table = inLobby(state);
  if (table instanceof TableViolation) return table;
  if (table.host.id !== account.id) return new TableViolation('FORBIDDEN', 'only the host starts the match');
  const open = freeSeats(table).length;
  if (open > 0) return new TableViolation('SEATS_OPEN', `${open} human seat(s) still free`);
  const players = table.seats.map((s) => s.seat);
  const { matchId, ruleset, chosenOptions: options, fairness } = table;
  return decideEngine(state.game, { type: 'CreateMatch', data: { matchId, ruleset, options, players, fairness } });
}

/**
 * The host closes (cancels) a lobby before it starts (ADR 0044): a table only CPUs fill, its host watching, has
 * nobody who could leave it, and a host may simply change their mind. An admin may close any casual lobby. A
 * tournament table is its tournament's to seat, start or drop, never closed here.
 */
export function closeLobby(state: TableState, { account, admin }: CloseLobby['data']): Decision {
  const table = inLobby(state);
  if (table instanceof TableViolation) return table;
  if (table.tournament) return new TableViolation('FORBIDDEN', 'a tournament table is not closed here: its tournament seats and starts it');
  if (table.host.id !== account.id && !admin) return new TableViolation('FORBIDDEN', 'only the host (or an admin) closes the lobby');
  return [{ type: 'LobbyClosed', data: { reason: 'cancelled', by: account } }];
}

/**
 * An idle casual lobby expires (ADR 0048): the lobby timer, armed from the commit time of the lobby's last command,
 * sends `ExpireLobby` with that time once the lobby's idle time has passed. The decider keeps no times, so it checks
 * the time it is given, and the idle time the table's choice and the server's settings make (`lobbyIdleSecondsOf`),
 * against the command's own `at`: a timer whose clock ran ahead is refused (`LOBBY_NOT_IDLE`) and arms
 * again. Whether anything happened since that commit is the server's fence (the revision the timer saw), not the
 * decider's. A tournament table never expires this way: its tournament seats, starts or drops it.
 */
export function expireLobby(state: TableState, { idleSince, settings, at }: ExpireLobby['data']): Decision {
  const badSettings = badLobbyIdleSettings(settings);
  if (badSettings) return badSettings;
  if (!Number.isFinite(idleSince)) return new TableViolation('BAD_USER_INPUT', 'idleSince: the commit time (epoch ms) of the lobby\'s last command', 'idleSince');
  const table = inLobby(state);
  if (table instanceof TableViolation) return table;
  if (table.tournament) return new TableViolation('FORBIDDEN', 'a tournament table does not expire: its tournament seats and starts it');
  const idleSeconds = lobbyIdleSecondsOf(table, settings);
  if (idleSeconds === null) {
    return new TableViolation('BAD_USER_INPUT', 'settings.lobbyIdleSeconds: 0, and the host chose no idle time: this lobby never expires', 'settings.lobbyIdleSeconds');
  }
  const due = idleSince + idleSeconds * 1000;
  if (at < due) {
    const since = new Date(idleSince).toISOString();
    return new TableViolation('LOBBY_NOT_IDLE', `the lobby has been idle since ${since}: it expires after ${idleTime(idleSeconds)}, at ${new Date(due).toISOString()}`);
  }
  return [{ type: 'LobbyClosed', data: { reason: 'expired', idleSince, idleSeconds } }];
}

/**
 * Leaving (ADR 0005): in the lobby the seat is freed; in a started unranked match a medium CPU takes the seat
 * over; in a ranked match the player forfeits (the engine's `Forfeit`).
 */
export function leaveMatch(state: TableState, { actor, player, at }: LeaveMatch['data']): Decision {
  const { table } = state;
  if (table.status === 'none') return NO_MATCH();
  if (table.status === 'closed') return lobbyClosed(table.closing);
  const account = leaver(table, actor, player);
  if (account instanceof TableViolation) return account;
  const seat = seatHeldBy(table, account.id);
  if (!seat) return new TableViolation('FORBIDDEN', actor.kind === 'account' ? 'you have no seat at this table' : `${account.name} has no seat at this table`);
  if (table.status === 'lobby') return [{ type: 'SeatLeft', data: { seat: seat.seat, account } }, ...lastOrHostLeaving(table, account)];
  if (table.status === 'finished') return new RuleViolation('MATCH_OVER', 'the match is over');
  if (table.ranked) return decideEngine(state.game, { type: 'Forfeit', data: { player: seat.seat, at } });
  return [{ type: 'SeatHandedToCpu', data: { seat: seat.seat, difficulty: DEFAULT_DIFFICULTY, previous: account } }];
}

/**
 * A lobby's host is a seated human, so the table never waits on someone who is gone: the first human who
 * sits at a hostless lobby (its host left it empty) hosts it from then on.
 */
function handOverTo(table: OpenTable, account: AccountRef): StreamEvent[] {
  return hostless(table) && table.host.id !== account.id ? [{ type: 'HostHandedOver', data: { from: table.host, to: account } }] : [];
}

/**
 * After a seat is freed in the lobby: the last seated human leaving closes it (nobody is left to fill or start
 * it); the host leaving otherwise hands the role to the next seated human, in seat order. A tournament table
 * does neither: its organiser hosts it and its director seats and starts it.
 */
function lastOrHostLeaving(table: OpenTable, leaving: AccountRef): StreamEvent[] {
  if (table.tournament) return [];
  const next = table.seats.find((seat) => seat.holder !== null && seat.holder.id !== leaving.id)?.holder;
  if (!next) return [{ type: 'LobbyClosed', data: { reason: 'empty', lastLeft: leaving } }];
  return table.host.id === leaving.id ? [{ type: 'HostHandedOver', data: { from: table.host, to: next } }] : [];
}

/** Who leaves: the player who asks, or the player a tournament's director takes out of one of its tables. */
function leaver(table: OpenTable, actor: LeaveMatch['data']['actor'], player: AccountRef | undefined): AccountRef | TableViolation {
  if (actor.kind === 'account') return { id: actor.id, name: actor.name };
  const ours = actor.kind === 'director' && table.tournament?.tournamentId === actor.tournamentId;
  if (ours && player) return player;
  return new TableViolation('FORBIDDEN', 'only a player leaves');
}
