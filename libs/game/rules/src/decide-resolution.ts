import type { Forfeit, PullTrigger } from './commands';
import type { MatchEvent } from './events';
import { Recorder } from './recorder';
import { RuleViolation } from './rule-violation';
import { type MatchState, type Resolving, type Seat, activeSeats, firstActiveFrom, seatOf } from './state';
import { CHAMBERS, type PlayerId } from './vocabulary';

/** A lost challenge or a timeout: one die, or the revolver (rules.md §4, §6, §7). */
export function chargeLoss(recorder: Recorder, player: PlayerId, reason: 'loss' | 'timeout'): void {
  const state = recorder.state;
  if (state.status !== 'resolving') return;
  const seat = seatOf(state, player);
  if (!seat) return;
  if (state.ruleset !== 'revolver') {
    recorder.emit({ type: 'DieLost', data: { player, dice: seat.dice - 1 } });
    return;
  }
  const added = seat.losses === 0 ? state.options.bullets : 1;
  const bullets = reason === 'timeout' ? CHAMBERS : Math.min(CHAMBERS, seat.bullets + added);
  recorder.emit({ type: 'RevolverLoaded', data: { player, bullets, reason } });
}

/** A correct spot-on: the caller regains a die (perudo), or everyone else loads one bullet and shoots (revolver). */
export function rewardExactCall(recorder: Recorder, caller: PlayerId): void {
  const state = recorder.state;
  if (state.status !== 'resolving') return;
  if (state.ruleset === 'revolver') {
    for (const seat of othersInSeatOrder(state.seats, caller)) {
      recorder.emit({ type: 'RevolverLoaded', data: { player: seat.id, bullets: Math.min(CHAMBERS, seat.bullets + 1), reason: 'exact-call' } });
    }
    return;
  }
  const seat = seatOf(state, caller);
  if (seat && seat.dice < state.options.startingDice) {
    recorder.emit({ type: 'DieRegained', data: { player: caller, dice: seat.dice + 1 } });
  }
}

/** Players still in other than `player`, in seat order starting after them. */
function othersInSeatOrder(seats: readonly Seat[], player: PlayerId): Seat[] {
  const from = seats.findIndex((seat) => seat.id === player);
  const ordered = [...seats.slice(from + 1), ...seats.slice(0, from)];
  return ordered.filter((seat) => !seat.out);
}

/** Once no trigger pull is due: eliminations, then the end of the match or the next round (rules.md §8). */
export function closeRoundIfSettled(recorder: Recorder): void {
  const state = recorder.state;
  if (state.status !== 'resolving' || state.shotsDue.length > 0) return;
  // Out in the order they fell: the shot order (seat order after the caller), then anyone left without dice.
  const shot = state.round.end.shots.filter((s) => s.fatal).map((s) => s.player);
  const emptied = activeSeats(state).filter((seat) => seat.dice === 0 && !shot.includes(seat.id)).map((seat) => seat.id);
  const dead = [...shot, ...emptied];
  if (dead.length > 0) eliminate(recorder, dead);
  if (finishIfOneLeft(recorder)) return;
  const after = recorder.state;
  if (after.status !== 'resolving') return;
  const { nextStarter, palifico } = nextRound(after);
  recorder.emit({ type: 'RoundEnded', data: { round: after.round.number, nextStarter, palifico } });
}

function eliminate(recorder: Recorder, players: readonly PlayerId[]): void {
  const state = recorder.state;
  if (state.status === 'none') return;
  const place = activeSeats(state).length - players.length + 1;
  recorder.emit({ type: 'PlayersEliminated', data: { players, place } });
}

function finishIfOneLeft(recorder: Recorder): boolean {
  const state = recorder.state;
  if (state.status === 'none' || state.status === 'finished') return false;
  const [winner, ...others] = activeSeats(state);
  if (!winner || others.length > 0) return false;
  const placements = [[winner.id], ...[...state.eliminations].reverse()];
  recorder.emit({ type: 'MatchFinished', data: { winner: winner.id, placements } });
  return true;
}

function nextRound(state: Resolving): { nextStarter: PlayerId; palifico: boolean } {
  const { end } = state.round;
  if (state.ruleset === 'perudo' && state.options.palifico) {
    const dropped = state.seats.find((seat) => seat.id in end.diceLost && seat.dice === 1 && !seat.out && !seat.palificoUsed);
    if (dropped) return { nextStarter: dropped.id, palifico: true };
  }
  const from = end.call === 'liar' ? (end.losers[0] ?? end.by) : end.call === 'forfeit' ? state.round.starter : end.by;
  return { nextStarter: firstActiveFrom(state.seats, from), palifico: false };
}

export function pullTrigger(state: MatchState, data: PullTrigger['data']): readonly MatchEvent[] | RuleViolation {
  if (state.status !== 'resolving' || state.shotsDue.length === 0) {
    return new RuleViolation('UNEXPECTED_COMMAND', 'no trigger pull is due now');
  }
  const { chamber } = data;
  if (typeof chamber !== 'number' || !Number.isInteger(chamber) || chamber < 1 || chamber > CHAMBERS) {
    return new RuleViolation('INVALID_CHAMBER', 'chamber: expected a whole number from 1 to 6');
  }
  const [due] = state.shotsDue;
  if (!due) return new RuleViolation('UNEXPECTED_COMMAND', 'no trigger pull is due now');
  const recorder = new Recorder(state);
  const shot = { player: due.player, pull: state.pulls + 1, bullets: due.bullets, chamber, fatal: chamber <= due.bullets };
  recorder.emit({ type: 'TriggerPulled', data: shot });
  closeRoundIfSettled(recorder);
  return recorder.events;
}

/** A player leaves for good (rules decided by the server: ranked forfeits). The round in play is void. */
export function forfeit(state: MatchState, data: Forfeit['data']): readonly MatchEvent[] | RuleViolation {
  if (state.status === 'none') return new RuleViolation('NO_MATCH', 'the match has not been created');
  const seat = seatOf(state, data.player);
  if (!seat) return new RuleViolation('UNKNOWN_PLAYER', `${JSON.stringify(data.player)} is not a player of this match`);
  if (state.status === 'finished') return new RuleViolation('MATCH_OVER', 'the match is over');
  if (seat.out) return new RuleViolation('UNEXPECTED_COMMAND', `${data.player} is already out`);
  if (state.status === 'resolving') return new RuleViolation('UNEXPECTED_COMMAND', 'finish the due trigger pulls first');
  const recorder = new Recorder(state);
  recorder.emit({ type: 'PlayerForfeited', data: { player: data.player } });
  eliminate(recorder, [data.player]);
  if (!finishIfOneLeft(recorder)) closeRoundIfSettled(recorder);
  return recorder.events;
}
