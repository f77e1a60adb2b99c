import { rulingOf } from './ruling';

const fixedSeed = () => '0'.repeat(64);

// A player's name becomes a key of the engine's plain objects (hands, dice counts). The name `__proto__` set the
// objects' prototype instead: that player's hand vanished and a challenge counted without it.
describe('a scenario naming a player like an object key', () => {
  it('given a player named "__proto__" holding five 6s, when ruled, then the file is invalid naming players[0], not ruled without its hand', () => {
    // Written as text: an object literal's `__proto__` key would not reach the JSON.
    const text =
      '{"ruleset":"classic","players":["__proto__","bob"],"dice":[{"__proto__":[6,6,6,6,6],"bob":[1,2,3,4,5]}],' +
      '"actions":[{"by":"__proto__","bid":[6,6]},{"by":"bob","call":"liar"}]}';
    expect(rulingOf(text, fixedSeed)).toEqual({ invalid: expect.stringContaining('players[0]: "__proto__" cannot name a player') });
  });

  it.each(['constructor', 'toString', 'hasOwnProperty'])('given a player named %s, when ruled, then its hand counts like anyone\'s', (name) => {
    const text = JSON.stringify({
      ruleset: 'classic',
      players: [name, 'bob'],
      dice: [{ [name]: [6, 6, 6, 6, 6], bob: [1, 2, 3, 4, 5] }],
      actions: [{ by: name, bid: [6, 6] }, { by: 'bob', call: 'liar' }],
    });
    const ruling = rulingOf(text, fixedSeed);
    if ('invalid' in ruling) throw new Error(ruling.invalid);
    expect(ruling.report.rounds[0]).toMatchObject({ end: { count: 6, holds: true, losers: ['bob'] } });
  });
});
