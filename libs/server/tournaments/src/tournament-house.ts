import { deriveLot } from '@liars-dice/game-fairness';
import {
  seatingDraw,
  type TournamentEvent,
  type TournamentRecord,
  type TournamentCommand,
} from '@liars-dice/game-tournament';

/**
 * The house's part of a tournament command, from the tournament's seed (opened by the caller): a registration's
 * lot, the draw of the round due. Everything else passes through unchanged.
 */
export function withDraws(
  record: TournamentRecord | null,
  command: TournamentCommand,
  seed: () => string,
): TournamentCommand {
  if (!record) return command;
  if (command.type === 'RegisterPlayer') {
    const player = command.data.player;
    const lot =
      typeof player === 'string' && player.length > 0
        ? deriveLot(seed(), record.state.config.tournamentId, player)
        : 0;
    return { type: 'RegisterPlayer', data: { ...command.data, lot } };
  }
  if (command.type === 'DraftSeating') {
    const draw = seatingDraw(record.state, seed(), command.data.at);
    return draw && draw.data.round === command.data.round ? draw : command;
  }
  return command;
}

/**
 * What only the server adds to the decided events: the sealed seed in the first event (ADR 0004, as for a
 * match) and the seed itself in the last (`TournamentFinished`, `TournamentCancelled`), so anyone can verify.
 */
export function withSeeds(
  events: readonly TournamentEvent[],
  sealedSeed: string | null,
  seed: () => string,
): TournamentEvent[] {
  return events.map((event) => {
    if (event.type === 'TournamentCreated' && sealedSeed !== null)
      return { ...event, data: { ...event.data, sealedSeed } };
    if (event.type === 'TournamentFinished' || event.type === 'TournamentCancelled')
      return { ...event, data: { ...event.data, seed: seed() } } as TournamentEvent;
    return event;
  });
}
