import fc from 'fast-check';
import { checkLobbyIdle, lobbyIdleCeiling, MAX_LOBBY_IDLE_SECONDS } from '@liars-dice/game-match';
import { durationOf, IDLE_CHOICES, idleChoices } from './lobby-idle';
import { createInput, initialPlan } from './match-plan';

/**
 * What the API's `lobbyIdleTimes` answers on a server with this LOBBY_IDLE_SECONDS and LOBBY_IDLE_MAX_SECONDS
 * (libs/server/matches; the server starts only with the ceiling at or above the default).
 */
const timesOf = (setting: number, max = 86_400) => ({ defaultSeconds: setting > 0 ? setting : null, maxSeconds: lobbyIdleCeiling(max) });
const DAY = 86_400;

describe('the create form\'s lobby idle time (ADR 0061)', () => {
  it('given the default server (30 minutes under a day\'s ceiling), then it offers 5 and 15 minutes and 1 hour to a day after the default; given a 30-minute ceiling, 5 and 15 minutes', () => {
    expect(idleChoices(timesOf(1800))).toEqual([300, 900, 3600, 7200, 14_400, 28_800, DAY]);
    expect(idleChoices(timesOf(1800, 1800))).toEqual([300, 900]);
    expect(idleChoices(timesOf(DAY))).toEqual([300, 900, 1800, 3600, 7200, 14_400, 28_800]);
    expect(idleChoices(timesOf(0))).toEqual(IDLE_CHOICES);
    expect(idleChoices(timesOf(0, 3600))).toEqual([300, 900, 1800, 3600]);
    expect(idleChoices(null)).toEqual([]);
  });

  it('given any server settings, then every duration offered is one the API accepts there', () => {
    const settings = fc
      .tuple(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: MAX_LOBBY_IDLE_SECONDS })), fc.integer({ min: 1, max: MAX_LOBBY_IDLE_SECONDS }))
      .map(([setting, max]) => [setting, Math.max(setting, max)] as const);
    fc.assert(fc.property(settings, ([setting, max]) => idleChoices(timesOf(setting, max)).every((seconds) => checkLobbyIdle(seconds, max, false) === seconds)));
  });

  it('given a choice, then it is sent as lobbyIdleSeconds; the default (0) sends none', () => {
    expect(createInput({ ...initialPlan(), idleSeconds: 7200 })).toMatchObject({ lobbyIdleSeconds: 7200 });
    expect(createInput(initialPlan())).not.toHaveProperty('lobbyIdleSeconds');
  });

  it('names a duration in its largest whole unit', () => {
    expect(durationOf(DAY)).toEqual({ unit: 'days', count: 1 });
    expect(durationOf(7200)).toEqual({ unit: 'hours', count: 2 });
    expect(durationOf(5400)).toEqual({ unit: 'minutes', count: 90 });
    expect(durationOf(300)).toEqual({ unit: 'minutes', count: 5 });
    expect(durationOf(45)).toEqual({ unit: 'seconds', count: 45 });
  });
});
