import { commandArgs, wantsHelp } from './command-args';

const VERIFY = { switches: ['--json', '--help', '-h'], operands: { min: 1, max: 1 } };

describe('commandArgs', () => {
  it('given one operand and a known switch, then both are returned', () => {
    const parsed = commandArgs(['m1', '--json'], VERIFY);
    expect(parsed).toEqual({ operands: ['m1'], switches: new Set(['--json']) });
  });

  it('given a mistyped switch, then the line is refused naming it and the allowed ones', () => {
    expect(commandArgs(['m1', '--jsno'], VERIFY)).toBe(
      'unknown option "--jsno" (allowed: --json, --help, -h)',
    );
  });

  it('given an extra operand, then the line is refused naming it', () => {
    expect(commandArgs(['m1', 'm2'], VERIFY)).toBe('unexpected argument "m2"');
  });

  it('given no operand, then the line is refused as missing one', () => {
    expect(commandArgs(['--json'], VERIFY)).toBe('missing an argument');
  });

  it('given --help without operands, then it is a request for the usage, not an error', () => {
    const parsed = commandArgs(['--help'], VERIFY);
    expect(typeof parsed).not.toBe('string');
    expect(wantsHelp(parsed as Exclude<typeof parsed, string>)).toBe(true);
  });

  it('given a lone dash, then it is an operand (a conventional stdin name), not a switch', () => {
    expect(commandArgs(['-'], VERIFY)).toEqual({ operands: ['-'], switches: new Set() });
  });
});
