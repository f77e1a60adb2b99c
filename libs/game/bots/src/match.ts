import {
  type Action,
  decide,
  evolve,
  type Finished,
  initialState,
  legalActions,
  type MatchCommand,
  type MatchOptions,
  type MatchState,
  type PlayerId,
  type PlayerView,
  playerView,
  type Ruleset,
  RuleViolation,
} from '@liars-dice/game-rules';

/** The command that carries out `action` for `by`. */
export function commandOf(action: Action, by: PlayerId): MatchCommand {
  switch (action.type) {
    case 'bid':
      return { type: 'PlaceBid', data: { by, quantity: action.quantity, face: action.face } };
    case 'liar':
      return { type: 'CallLiar', data: { by } };
    case 'spot-on':
      return { type: 'CallSpotOn', data: { by } };
  }
}

export interface MatchSetup {
  readonly matchId: string;
  readonly ruleset: Ruleset;
  readonly options?: Partial<MatchOptions>;
  readonly players: readonly PlayerId[];
}

/** Who decides for the seat to act; it sees only that seat's view. */
export type Decider = (player: PlayerId, view: PlayerView, legal: readonly Action[]) => Action;
/** The house's next roll or trigger pull, or null when a player must act. */
export type House = (state: MatchState) => MatchCommand | null;

function apply(state: MatchState, command: MatchCommand): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw new Error(`${command.type} refused: ${events.code} ${events.message}`);
  return events.reduce(evolve, state);
}

/**
 * Plays a whole match through the real engine: the house rolls and pulls triggers, each seat's decider
 * acts on its own view. `observe` sees every state a player acted in (tests use it to sample states).
 */
export function playMatch(setup: MatchSetup, decider: Decider, house: House, observe?: (state: MatchState) => void): Finished {
  let state = apply(initialState, { type: 'CreateMatch', data: { ...setup, options: setup.options ?? {} } });
  // A match takes at most a few hundred commands; the cap turns a stuck loop into an error.
  for (let step = 0; step < 100_000; step++) {
    if (state.status === 'finished') return state;
    const command = house(state);
    if (command) {
      state = apply(state, command);
      continue;
    }
    if (state.status !== 'bidding') throw new Error(`match stuck in status ${state.status}`);
    observe?.(state);
    const player = state.toAct;
    const view = playerView(state, player);
    if (!view) throw new Error('no view for the player to act');
    state = apply(state, commandOf(decider(player, view, legalActions(state, player)), player));
  }
  throw new Error('match did not finish');
}
