import { type BotKind, botRequestOf, commandOf } from '@liars-dice/game-bots';
import { houseCommand } from '@liars-dice/game-fairness';
import { type Action, decide, evolve, initialState, legalActions, type MatchCommand, type MatchState, playerView, RuleViolation } from '@liars-dice/game-rules';
import { interactive, runCli } from './cli-process';

jest.setTimeout(60_000);

function apply(state: MatchState, command: MatchCommand): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw new Error(`${command.type}: ${events.code} ${events.message}`);
  return events.reduce(evolve, state);
}

function actionOf(answer: { bid?: [number, number]; call?: string }): Action {
  if (answer.bid) return { type: 'bid', quantity: answer.bid[0], face: answer.bid[1] } as Action;
  return { type: answer.call } as Action;
}

describe('npm run bot -- --ndjson (docs/protocols/bot-protocol.md)', () => {
  it.each(['perudo', 'revolver'] as const)(
    'given one running process, when a whole %s match is played through it a line at a time, then each answer comes before the next line and is legal',
    async (ruleset) => {
      const cli = interactive(['bot', '--ndjson']);
      const kinds: Record<string, BotKind> = { a: 'expert', b: 'easy', c: 'hard' };
      let state = apply(initialState, { type: 'CreateMatch', data: { matchId: `e2e-${ruleset}`, ruleset, players: ['a', 'b', 'c'] } });
      let moves = 0;
      while (state.status !== 'finished') {
        const house = houseCommand(state, 'b0'.repeat(32));
        if (house) {
          state = apply(state, house);
          continue;
        }
        if (state.status !== 'bidding') throw new Error(`unexpected status ${state.status}`);
        const player = state.toAct;
        const view = playerView(state, player);
        if (!view) throw new Error('no view');
        // Given this seat's view only; when the process answers; then the answer is one of the engine's moves.
        const answer = JSON.parse(await cli.ask(JSON.stringify(botRequestOf(view, kinds[player] ?? 'easy', moves++))));
        const action = actionOf(answer);
        expect(legalActions(state, player)).toContainEqual(action);
        state = apply(state, commandOf(action, player));
      }
      expect(moves).toBeGreaterThan(10);
      expect(JSON.parse(await cli.ask('{"ruleset":"perudo","difficulty":"expert"}'))).toEqual({ invalid: expect.stringContaining('view') });
      expect(JSON.parse(await cli.ask('not json'))).toEqual({ invalid: expect.stringContaining('JSON') });
      // An option key that is an Object method's name is an unknown option, not an internal error.
      expect(JSON.parse(await cli.ask('{"ruleset":"perudo","options":{"toString":true},"difficulty":"expert"}'))).toEqual({ invalid: 'options.toString: not an option of perudo' });
      expect(await cli.close()).toBe(0);
    },
  );

  it('exits 2 on a usage error', () => {
    expect(runCli(['bot'])).toMatchObject({ code: 2, stdout: '' });
  });
});
