import { playMatch } from '../match';
import { houseFor } from '../testing/house';
import { answerLine, parseBotRequest } from './bot-request';
import { botRequestOf } from './request-of-view';

/** A request from the protocol's first examples (kept: every later change must still answer it). */
const SPEC_EXAMPLE = {
  ruleset: 'perudo',
  options: { wildOnes: true, spotOn: true, palifico: true },
  difficulty: 'expert',
  seed: 42,
  view: {
    me: 'bob',
    myDice: [1, 3, 3, 5, 6],
    players: [
      { id: 'ann', dice: 5, bullets: 0, out: false },
      { id: 'bob', dice: 5, bullets: 0, out: false },
      { id: 'cyd', dice: 4, bullets: 0, out: false },
    ],
    round: { number: 2, starter: 'ann', palifico: false, bids: [{ by: 'ann', quantity: 3, face: 4 }] },
    history: [
      {
        number: 1,
        starter: 'ann',
        bids: [{ by: 'ann', quantity: 2, face: 6 }],
        end: { call: 'liar', by: 'bob', count: 3, losers: ['bob'] },
        dice: { ann: [6, 6, 1, 2, 3], bob: [4, 4, 2, 2, 5], cyd: [3, 3, 2, 5, 5] },
      },
    ],
  },
};

type Json = Record<string, unknown>;
const withView = (change: Json): Json => ({ ...SPEC_EXAMPLE, view: { ...SPEC_EXAMPLE.view, ...change } });

/** The example of docs/protocols/bot-protocol.md, verbatim. */
const DOC_EXAMPLE = {
  ruleset: 'classic',
  options: { startingDice: 4 },
  difficulty: 'hard',
  seed: 7,
  view: {
    me: 'cyd',
    myDice: [4, 1, 6, 2],
    players: [
      { id: 'ann', dice: 4, bullets: 0, out: false },
      { id: 'bob', dice: 3, bullets: 0, out: false },
      { id: 'cyd', dice: 4, bullets: 0, out: false },
    ],
    round: { number: 2, starter: 'bob', palifico: false, bids: [{ by: 'bob', quantity: 3, face: 4 }] },
    history: [
      {
        number: 1,
        starter: 'ann',
        bids: [{ by: 'ann', quantity: 2, face: 5 }, { by: 'bob', quantity: 3, face: 5 }],
        end: { call: 'liar', by: 'cyd', count: 2, losers: ['bob'] },
        dice: { ann: [5, 2, 3, 3], bob: [1, 6, 6, 4], cyd: [2, 2, 4, 6] },
      },
    ],
  },
};

describe('the bot protocol request', () => {
  it('given the documented example, then cyd gets one of its legal moves, the same one for the same seed', () => {
    const request = parseBotRequest(DOC_EXAMPLE);
    const line = JSON.stringify(DOC_EXAMPLE);
    const answer = JSON.parse(answerLine(line));
    const action = answer.bid ? { type: 'bid', quantity: answer.bid[0], face: answer.bid[1] } : { type: answer.call };
    expect(request.view.me).toBe('cyd');
    expect(request.legal).toContainEqual(action);
    expect(answerLine(line)).toBe(answerLine(line));
  });

  it('given the spec example, when answered, then the answer is a legal action for bob, the same for the same seed', () => {
    const request = parseBotRequest(SPEC_EXAMPLE);
    const answer = JSON.parse(answerLine(JSON.stringify(SPEC_EXAMPLE)));
    const action = answer.bid ? { type: 'bid', quantity: answer.bid[0], face: answer.bid[1] } : { type: answer.call };
    expect(request.legal).toContainEqual(action);
    expect(answerLine(JSON.stringify(SPEC_EXAMPLE))).toBe(JSON.stringify(answer));
    // 14 dice in play; after three 4s, the next legal 4s bid is four, and 1s need two.
    expect(request.legal).toContainEqual({ type: 'bid', quantity: 2, face: 1 });
    expect(request.legal).not.toContainEqual({ type: 'bid', quantity: 3, face: 3 });
    expect(request.view.history).toHaveLength(1);
  });

  it('given positions from real matches, when turned into requests and back, then the view and the legal actions are the engine’s', () => {
    let checked = 0;
    for (const ruleset of ['classic', 'perudo', 'revolver'] as const) {
      playMatch(
        { matchId: `rt-${ruleset}`, ruleset, players: ['a', 'b', 'c'] },
        (player, view, legal) => {
          const request = parseBotRequest(JSON.parse(JSON.stringify(botRequestOf(view, 'hard', 1))));
          expect(request.legal).toEqual(legal);
          expect(request.view.myDice).toEqual(view.myDice);
          expect(request.view.players).toEqual(view.players);
          expect(request.view.round).toEqual(view.round);
          expect(request.view.history.map((r) => r.bids)).toEqual(view.history.map((r) => r.bids));
          checked++;
          return legal[legal.length > 1 && checked % 3 === 0 ? 1 : 0] ?? legal[0]!;
        },
        houseFor(7),
      );
    }
    expect(checked).toBeGreaterThan(30);
  });

  it.each`
    what                                  | request                                                                                             | field
    ${'not an object'}                    | ${[1, 2]}                                                                                           | ${'request'}
    ${'an unknown field'}                 | ${{ ...SPEC_EXAMPLE, colour: 'red' }}                                                               | ${'colour'}
    ${'an unknown ruleset'}               | ${{ ...SPEC_EXAMPLE, ruleset: 'yahtzee' }}                                                          | ${'ruleset'}
    ${'an option of another family'}      | ${{ ...SPEC_EXAMPLE, options: { bullets: 2 } }}                                                     | ${'options.bullets'}
    ${'an unknown difficulty'}            | ${{ ...SPEC_EXAMPLE, difficulty: 'godlike' }}                                                       | ${'difficulty'}
    ${'a fractional seed'}                | ${{ ...SPEC_EXAMPLE, seed: 1.5 }}                                                                   | ${'seed'}
    ${'no view'}                          | ${{ ...SPEC_EXAMPLE, view: undefined }}                                                             | ${'view'}
    ${'me not a player'}                  | ${withView({ me: 'dan' })}                                                                          | ${'view.me'}
    ${'a die of 7'}                       | ${withView({ myDice: [1, 3, 3, 5, 7] })}                                                            | ${'view.myDice[4]'}
    ${'dice not matching my count'}       | ${withView({ myDice: [1, 3, 3, 5] })}                                                               | ${'view.myDice'}
    ${'a player named __proto__'}         | ${withView({ me: '__proto__', players: [{ id: 'ann', dice: 5 }, { id: '__proto__', dice: 5 }, { id: 'cyd', dice: 4 }], history: [] })} | ${'players[1]: "__proto__" cannot name a player'}
    ${'a player listed twice'}            | ${withView({ players: [SPEC_EXAMPLE.view.players[0], SPEC_EXAMPLE.view.players[0]] })}              | ${'view.players[1].id'}
    ${'six dice in perudo'}               | ${withView({ players: [{ id: 'ann', dice: 6 }, { id: 'bob', dice: 5 }] })}                          | ${'view.players[0].dice'}
    ${'bullets outside the revolver'}     | ${withView({ players: [{ id: 'ann', dice: 5, bullets: 1 }, { id: 'bob', dice: 5 }] })}              | ${'view.players[0].bullets'}
    ${'a starter who is not playing'}     | ${withView({ round: { number: 2, starter: 'zed', bids: [] } })}                                     | ${'view.round.starter'}
    ${'a bid out of turn'}                | ${withView({ round: { number: 2, starter: 'ann', bids: [{ by: 'cyd', quantity: 3, face: 4 }] } })}  | ${'view.round.bids[0]'}
    ${'a bid that is not a raise'}        | ${withView({ round: { number: 2, starter: 'cyd', bids: [{ by: 'cyd', quantity: 3, face: 4 }, { by: 'ann', quantity: 2, face: 6 }] } })} | ${'view.round.bids[1]'}
    ${'an opening on wild 1s'}            | ${withView({ round: { number: 2, starter: 'ann', bids: [{ by: 'ann', quantity: 2, face: 1 }] } })}  | ${'ONES_NOT_ALLOWED'}
    ${'a round where it is not my turn'}  | ${withView({ round: { number: 2, starter: 'ann', bids: [] } })}                                     | ${'view.round.bids'}
    ${'a palifico round without palifico'} | ${withView({ round: { number: 2, starter: 'ann', palifico: true, bids: [] } })}                    | ${'view.round.palifico'}
    ${'a history round with a bad call'}  | ${withView({ history: [{ number: 1, bids: [], end: { call: 'shout', by: 'ann' } }] })}              | ${'view.history[0].end.call'}
  `('given $what, when answered, then the answer is {"invalid"} naming $field', ({ request, field }) => {
    const answer = JSON.parse(answerLine(JSON.stringify(request)));
    expect(Object.keys(answer)).toEqual(['invalid']);
    expect(answer.invalid).toContain(field);
  });

  // A misspelt or unknown field inside the view was read as absent: `bidz` made the round one without bids, and
  // the bot answered that other position as if it were the one asked about.
  const HISTORY_ROUND = SPEC_EXAMPLE.view.history[0] as Json;
  it.each`
    what                                       | request                                                                                                    | field
    ${'a misspelt field of the view'}          | ${withView({ histroy: [] })}                                                                               | ${'view.histroy: not a field'}
    ${'a misspelt field of a player'}          | ${withView({ players: [{ id: 'ann', dice: 5, bulets: 0 }, SPEC_EXAMPLE.view.players[1], SPEC_EXAMPLE.view.players[2]] })} | ${'view.players[0].bulets: not a field'}
    ${'a misspelt field of the round'}         | ${withView({ round: { number: 2, starter: 'bob', bidz: [{ by: 'ann', quantity: 3, face: 4 }] } })}         | ${'view.round.bidz: not a field'}
    ${'an unknown field of a bid'}             | ${withView({ round: { number: 2, starter: 'ann', bids: [{ by: 'ann', quantity: 3, face: 4, wild: true }] } })} | ${'view.round.bids[0].wild: not a field'}
    ${'an unknown field of a history round'}   | ${withView({ history: [{ ...HISTORY_ROUND, hands: {} }] })}                                                | ${'view.history[0].hands: not a field'}
    ${'an unknown field of a round end'}       | ${withView({ history: [{ ...HISTORY_ROUND, end: { call: 'liar', by: 'bob', loser: 'bob' } }] })}           | ${'view.history[0].end.loser: not a field'}
    ${'a history hand of nobody at the table'} | ${withView({ history: [{ ...HISTORY_ROUND, dice: { zed: [1, 2] } }] })}                                    | ${'view.history[0].dice.zed: not one of view.players'}
    ${'a history starter not at the table'}    | ${withView({ history: [{ ...HISTORY_ROUND, starter: 'zed' }] })}                                           | ${'view.history[0].starter'}
    ${'a caller not at the table'}             | ${withView({ history: [{ ...HISTORY_ROUND, end: { call: 'liar', by: 'zed' } }] })}                         | ${'view.history[0].end.by'}
    ${'a loser not at the table'}              | ${withView({ history: [{ ...HISTORY_ROUND, end: { call: 'liar', by: 'bob', losers: ['zed'] } }] })}        | ${'view.history[0].end.losers'}
  `('given $what, when answered, then the answer is {"invalid"} naming $field', ({ request, field }) => {
    expect(JSON.parse(answerLine(JSON.stringify(request)))).toEqual({ invalid: expect.stringContaining(field) });
  });

  it('given a line that is not JSON, then the answer says so', () => {
    expect(JSON.parse(answerLine('{"ruleset": '))).toEqual({ invalid: expect.stringContaining('not valid JSON') });
  });

  it('given a valid request, when the bot itself fails (a bug), then the answer is {"internal"}, not {"invalid"}, and the failure is reported', () => {
    const reported: unknown[] = [];
    const broken = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'dice')");
    };
    const answer = JSON.parse(answerLine(JSON.stringify(DOC_EXAMPLE), { choose: broken, internalError: (error) => reported.push(error) }));
    expect(answer).toEqual({ internal: "the bot failed to answer (not a fault of the request): Cannot read properties of undefined (reading 'dice')" });
    expect(reported).toEqual([expect.any(TypeError)]);
  });

  it('given a bad request, then the failure hook hears nothing: the request was at fault', () => {
    const reported: unknown[] = [];
    expect(Object.keys(JSON.parse(answerLine('[]', { internalError: (error) => reported.push(error) })))).toEqual(['invalid']);
    expect(reported).toEqual([]);
  });

  it('given it is my turn to open with wild 1s, then the legal actions are openings on 2–6 of 1 to 14 dice', () => {
    const request = parseBotRequest({ ...SPEC_EXAMPLE, view: { ...SPEC_EXAMPLE.view, round: { number: 2, starter: 'bob', bids: [] } } });
    expect(request.legal).toHaveLength(5 * 14);
    expect(request.legal.every((a) => a.type === 'bid' && a.face !== 1)).toBe(true);
  });
});
