import fc from 'fast-check';
import { checkLobbyIdle, lobbyIdleCeiling, MAX_LOBBY_IDLE_SECONDS } from '@liars-dice/game-match';
import { durationOf, IDLE_CHOICES, idleChoices } from './lobby-idle';
import { createInput, initialPlan } from './match-plan';

/** What the API's `lobbyIdleTimes` answers on a server with this LOBBY_IDLE_SECONDS (libs/server/matches). */
const timesOf = (setting: number) => ({ defaultSeconds: setting > 0 ? setting : null, maxSeconds: lobbyIdleCeiling(setting) });

describe('the create form\'s lobby idle time (ADR 0061)', () => {
  it('given the default 30-minute server, then it offers 5 and 15 minutes after the default; given a day, everything up to a day but the default', () => {
    expect(idleChoices(timesOf(1800))).toEqual([300, 900]);
    expect(idleChoices(timesOf(86_400))).toEqual([300, 900, 1800, 3600, 7200, 14_400, 28_800]);
    expect(idleChoices(timesOf(0))).toEqual(IDLE_CHOICES);
    expect(idleChoices(null)).toEqual([]);
  });

  it('given any server setting, then every duration offered is one the API accepts there', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: MAX_LOBBY_IDLE_SECONDS })), (setting) =>
        idleChoices(timesOf(setting)).every((seconds) => checkLobbyIdle(seconds, setting, false) === seconds),
      ),
    );
  });

  it('given a choice, then it is sent as lobbyIdleSeconds; the default (0) sends none', () => {
    expect(createInput({ ...initialPlan(), idleSeconds: 7200 })).toMatchObject({ lobbyIdleSeconds: 7200 });
    expect(createInput(initialPlan())).not.toHaveProperty('lobbyIdleSeconds');
  });

  it('names a duration in its largest whole unit', () => {
    expect(durationOf(7200)).toEqual({ unit: 'hours', count: 2 });
    expect(durationOf(5400)).toEqual({ unit: 'minutes', count: 90 });
    expect(durationOf(300)).toEqual({ unit: 'minutes', count: 5 });
    expect(durationOf(45)).toEqual({ unit: 'seconds', count: 45 });
  });
});
