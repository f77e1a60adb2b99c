import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interactive, runCli } from './cli-process';

const conformance = join(__dirname, '..', '..', '..', '..', 'libs', 'game', 'scenario', 'conformance');
const example = readFileSync(join(conformance, 'seed-example-challenge.json'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'scenario-e2e-'));

function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

describe('npm run scenario (docs/protocols/scenario-format.md)', () => {
  it('given a valid file, prints one JSON ruling and exits 0', () => {
    const { code, stdout, stderr } = runCli(['scenario', join(conformance, 'seed-example-challenge.json')]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const ruling = JSON.parse(stdout);
    expect(ruling.rounds[0].end).toMatchObject({ call: 'liar', by: 'c', count: 7, holds: true, losers: ['c'] });
    expect(Object.keys(ruling)).toEqual(['actions', 'rounds', 'players', 'toAct', 'winner', 'placements', 'events']);
  });

  it('reads standard input for -', () => {
    const { code, stdout } = runCli(['scenario', '-'], example);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).toAct).toBe('c');
  });

  it('exits 0 when actions are rejected: a rejection is part of the answer', () => {
    const { code, stdout } = runCli(['scenario', join(conformance, 'opening-on-ones-wild.json')]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).actions[0]).toMatchObject({ ok: false, error: 'ONES_NOT_ALLOWED', message: expect.any(String) });
  });

  it.each`
    what                        | text                                                                                         | field
    ${'bad JSON'}               | ${'{"ruleset": '}                                                                             | ${'not valid JSON'}
    ${'an unknown ruleset'}     | ${'{"ruleset":"yahtzee","players":["a","b"]}'}                                               | ${'ruleset'}
    ${'a die value of 7'}       | ${'{"ruleset":"classic","players":["a","b"],"dice":[{"a":[1,2,3,4,7],"b":[1,1,1,1,1]}]}'}    | ${'dice[0].a[4]'}
    ${'a player listed twice'}  | ${'{"ruleset":"classic","players":["a","a"]}'}                                               | ${'players[1]'}
    ${'a dice array too short'} | ${'{"ruleset":"classic","players":["a","b"],"dice":[{"a":[1,2,3,4],"b":[1,1,1,1,1]}]}'}      | ${'dice[0].a'}
    ${'an option of another ruleset'} | ${'{"ruleset":"classic","options":{"palifico":true},"players":["a","b"]}'}             | ${'options.palifico'}
    ${'an action without a kind'} | ${'{"ruleset":"classic","players":["a","b"],"actions":[{"by":"a"}]}'}                      | ${'actions[0]'}
    ${'an option named like an Object method'} | ${'{"ruleset":"classic","options":{"constructor":4},"players":["a","b"]}'}   | ${'options.constructor: not an option'}
    ${'an option named __proto__'} | ${'{"ruleset":"classic","options":{"__proto__":{"startingDice":3}},"players":["a","b"]}'} | ${'options.__proto__: not an option'}
  `('given $what, exits 2 with one line naming $field and prints nothing', ({ text, field }) => {
    const { code, stdout, stderr } = runCli(['scenario', file('bad.json', text)]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(field);
  });

  it('exits 2 naming the file when it cannot be read, and on a usage error', () => {
    expect(runCli(['scenario', join(scratch, 'missing.json')])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('missing.json') });
    expect(runCli(['scenario'])).toMatchObject({ code: 2, stdout: '' });
  });

  it('with --ndjson, answers one line per line, {"invalid"} for a bad one, and goes on (exit 0)', () => {
    const input = [example.replace(/\s+/g, ' '), '{"ruleset":"nope"}', 'not json', example.replace(/\s+/g, ' ')].join('\n');
    const { code, stdout } = runCli(['scenario', '--ndjson'], input);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toEqual({ invalid: expect.stringContaining('ruleset') });
    expect(lines[2]).toEqual({ invalid: expect.stringContaining('JSON') });
    expect(lines[3].toAct).toBe('c');
  });

  it('with --ndjson, answers each line as soon as it arrives, before the input ends', async () => {
    const cli = interactive(['scenario', '--ndjson']);
    const first = JSON.parse(await cli.ask(example.replace(/\s+/g, ' ')));
    expect(first.toAct).toBe('c');
    expect(JSON.parse(await cli.ask('{}'))).toEqual({ invalid: expect.stringContaining('ruleset') });
    expect(await cli.close()).toBe(0);
  });

  it('replays rounds past the listed dice identically when the file gives a seed', () => {
    const seeded = JSON.stringify({ ruleset: 'perudo', players: ['a', 'b'], seed: 7, actions: [{ by: 'a', bid: [1, 2] }, { by: 'b', call: 'liar' }] });
    const once = runCli(['scenario', '-'], seeded).stdout;
    expect(runCli(['scenario', '-'], seeded).stdout).toBe(once);
    expect(JSON.parse(once).rounds).toHaveLength(2);
  });
});
