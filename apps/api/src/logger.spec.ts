import { Writable } from 'node:stream';
import pino from 'pino';
import { logFormatFor, PinoNestLogger } from './logger';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
  return { lines, nest: new PinoNestLogger(pino({ level, base: {} }, stream)) };
}

describe('the API logger', () => {
  it('given a terminal on standard output, then lines are pretty; given a pipe or a file, then JSON', () => {
    expect(logFormatFor({ isTTY: true })).toBe('pretty');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json');
  });

  it("given Nest's start-up narration at info level, then only the service's own messages are written", () => {
    const { lines, nest } = capture('info');
    nest.log('MatchesModule dependencies initialized', 'InstanceLoader');
    nest.log('Mapped {/health, GET} route', 'RouterExplorer');
    nest.log('Nest application successfully started', 'NestApplication');
    nest.log('projections caught up', 'Projections');
    expect(lines.map((l) => [l['level'], l['context'], l['msg']])).toEqual([[30, 'Projections', 'projections caught up']]);
  });

  it('given debug level, then the narration is there for whoever asks for it', () => {
    const { lines, nest } = capture('debug');
    nest.log('Mapped {/health, GET} route', 'RouterExplorer');
    expect(lines).toEqual([{ level: 20, time: expect.any(Number), context: 'RouterExplorer', msg: 'Mapped {/health, GET} route' }]);
  });
});
