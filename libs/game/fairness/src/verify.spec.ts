import { playMatch } from './testing/play';
import { verifyMatch } from './verify';

const SEED = '1f'.repeat(32);

describe('verifyMatch', () => {
  it.each(['classic', 'perudo', 'revolver'] as const)('given a finished %s match rolled from the seed, it verifies every roll and shot', (ruleset) => {
    const events = playMatch(ruleset, SEED);
    expect(events.at(-1)?.type).toBe('MatchFinished');
    const result = verifyMatch(events, SEED);
    expect(result).toMatchObject({ verified: true, commitmentMatches: true, discrepancies: [] });
    expect(result.rollsChecked).toBeGreaterThan(1);
    if (ruleset === 'revolver') expect(result.shotsChecked).toBeGreaterThan(0);
  });

  it('given another seed than the committed one, it reports the commitment mismatch', () => {
    const events = playMatch('classic', SEED);
    const result = verifyMatch(events, 'ee'.repeat(32));
    expect(result.verified).toBe(false);
    expect(result.commitmentMatches).toBe(false);
  });

  it('given one tampered die, it names the round and the player', () => {
    const events = playMatch('perudo', SEED).map((event) => {
      if (event.type !== 'RoundStarted' || event.data.round !== 2) return event;
      const ann = event.data.dice.ann ?? [];
      const tampered = [ann[0] === 6 ? 5 : 6, ...ann.slice(1)] as typeof ann;
      return { ...event, data: { ...event.data, dice: { ...event.data.dice, ann: tampered } } };
    });
    const result = verifyMatch(events, SEED);
    expect(result.verified).toBe(false);
    expect(result.discrepancies).toEqual([expect.objectContaining({ what: expect.stringMatching(/^round 2, ann: dice/) })]);
  });

  it('given a tampered chamber, it names the pull', () => {
    const events = playMatch('revolver', SEED).map((event) =>
      event.type === 'TriggerPulled' && event.data.pull === 1 ? { ...event, data: { ...event.data, chamber: (event.data.chamber % 6) + 1 } } : event,
    );
    expect(verifyMatch(events, SEED).discrepancies).toEqual([expect.objectContaining({ what: expect.stringMatching(/^pull 1: chamber/) })]);
  });
});
