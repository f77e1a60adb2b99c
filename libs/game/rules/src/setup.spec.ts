import { decide } from './decide';
import { resolveOptions, PRESETS } from './options';
import { RuleViolation } from './rule-violation';
import { initialState } from './state';
import { Table } from './testing/table';

const create = (data: Record<string, unknown>) =>
  decide(initialState, { type: 'CreateMatch', data: { matchId: 'm', ruleset: 'classic', players: ['a', 'b'], ...data } as never });
const violation = (result: unknown) => (result instanceof RuleViolation ? `${result.code}: ${result.message}` : 'accepted');

describe('creating a match (rules.md §1)', () => {
  it('records every option, preset defaults included, in the first event', () => {
    expect(create({ ruleset: 'revolver' })).toEqual([
      expect.objectContaining({ type: 'MatchCreated', data: expect.objectContaining({ options: PRESETS.revolver, starter: 'a', fairness: null }) }),
    ]);
    expect(PRESETS.revolver).toMatchObject({ startingDice: 5, wildOnes: true, spotOn: true, bullets: 1, turnSeconds: 60 });
    expect(PRESETS.classic).toMatchObject({ startingDice: 5, wildOnes: true, spotOn: false, palifico: false, turnSeconds: null });
  });

  it.each`
    data                                             | message
    ${{ players: ['a'] }}                            | ${'INVALID_MATCH: players: expected 2 to 6 players'}
    ${{ players: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }} | ${'INVALID_MATCH: players: expected 2 to 6 players'}
    ${{ players: ['a', 'a'] }}                       | ${'INVALID_MATCH: players[1]: a is listed twice'}
    ${{ players: ['a', ''] }}                        | ${'INVALID_MATCH: players[1]: expected a non-empty string'}
    ${{ players: ['__proto__', 'b'] }}               | ${'INVALID_MATCH: players[0]: "__proto__" cannot name a player (its hand would be lost)'}
    ${{ ruleset: 'poker' }}                          | ${'INVALID_MATCH: ruleset: expected classic, perudo or revolver'}
    ${{ starter: 'zed' }}                            | ${'INVALID_MATCH: starter: expected one of the players'}
    ${{ matchId: '' }}                               | ${'INVALID_MATCH: matchId: expected a non-empty string'}
    ${{ options: { startingDice: 6 } }}              | ${'INVALID_MATCH: options.startingDice: expected 3, 4 or 5'}
    ${{ options: { spotOn: true } }}                 | ${'INVALID_MATCH: options.spotOn: not an option of classic'}
    ${{ options: { turnSeconds: 5 } }}               | ${'INVALID_MATCH: options.turnSeconds: expected null or a whole number from 10 to 600'}
    ${{ ruleset: 'revolver', options: { turnSeconds: null } }} | ${'INVALID_MATCH: options.turnSeconds: expected a whole number from 10 to 600'}
    ${{ ruleset: 'revolver', options: { bullets: 6 } }} | ${'INVALID_MATCH: options.bullets: expected a whole number from 1 to 5'}
    ${{ ruleset: 'perudo', options: { startingDice: 4 } }} | ${'INVALID_MATCH: options.startingDice: not an option of perudo'}
    ${{ ruleset: 'perudo', options: { palifico: 'yes' } }} | ${'INVALID_MATCH: options.palifico: expected true or false'}
    ${{ options: { constructor: 4 } }}               | ${'INVALID_MATCH: options.constructor: not an option of classic'}
    ${{ options: { toString: true } }}               | ${'INVALID_MATCH: options.toString: not an option of classic'}
    ${{ options: JSON.parse('{"__proto__": {"startingDice": 3}}') }} | ${'INVALID_MATCH: options.__proto__: not an option of classic'}
  `('rejects $data with "$message"', ({ data, message }) => {
    expect(violation(create(data))).toBe(message);
  });

  it('refuses to create a match twice', () => {
    expect(Table.create('classic', ['a', 'b']).verdict({ type: 'CreateMatch', data: { matchId: 'm', ruleset: 'classic', players: ['a', 'b'] } })).toBe('MATCH_EXISTS');
  });

  it('accepts every documented option value', () => {
    for (const startingDice of [3, 4, 5]) expect(resolveOptions('classic', { startingDice })).toMatchObject({ startingDice });
    for (const bullets of [1, 5]) expect(resolveOptions('revolver', { bullets })).toMatchObject({ bullets });
    for (const turnSeconds of [null, 10, 600]) expect(resolveOptions('perudo', { turnSeconds })).toMatchObject({ turnSeconds });
  });
});

describe('the house roll (rules.md §2)', () => {
  const table = () => Table.create('classic', ['a', 'b'], { startingDice: 3 });

  it.each`
    dice                                   | code
    ${{ a: [1, 2, 3] }}                    | ${'INVALID_DICE'}
    ${{ a: [1, 2, 3], b: [1, 2] }}         | ${'INVALID_DICE'}
    ${{ a: [1, 2, 3], b: [1, 2, 7] }}      | ${'INVALID_DICE'}
    ${{ a: [1, 2, 3], b: [1, 2, 2.5] }}    | ${'INVALID_DICE'}
    ${{ a: [1, 2, 3], b: [1, 2, 3], c: [1] }} | ${'INVALID_DICE'}
    ${{ a: [1, 2, 3], b: [6, 6, 6] }}      | ${'accepted'}
  `('a roll of $dice is $code', ({ dice, code }) => {
    expect(table().verdict({ type: 'RollDice', data: { dice } })).toBe(code);
  });

  it('is refused while a player must act', () => {
    const t = table().roll({ a: [1, 2, 3], b: [1, 2, 3] });
    expect(t.verdict({ type: 'RollDice', data: { dice: { a: [1, 2, 3], b: [1, 2, 3] } } })).toBe('UNEXPECTED_COMMAND');
  });

  it('rejects malformed commands with a clear code instead of throwing', () => {
    expect(violation(decide(initialState, { type: 'Nope', data: {} } as never))).toBe('UNEXPECTED_COMMAND: unknown command type "Nope"');
    expect(violation(decide(initialState, null as never))).toMatch(/^UNEXPECTED_COMMAND/);
    expect(violation(decide(initialState, { type: 'PlaceBid', data: { by: 'a', quantity: 1, face: 2 } }))).toMatch(/^NO_MATCH/);
  });
});
