import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { commandId, TestPlayer } from './support/player';
import { CREATE } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

describe('the data directory', () => {
  it('given a permissive umask, when the API runs and writes, then the directory is 0700 and every file in it (databases, their -wal/-shm, secrets) 0600', async () => {
    const previous = process.umask(0o022);
    const server = await startTestApi({ JWT_SECRET: '' });
    try {
      const player = await TestPlayer.register({ graphql: server.api.graphqlUrl, ws: server.api.wsUrl }, 'modes');
      await player.send(CREATE, { input: { commandId: commandId(), ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }] } });
      const files = readdirSync(server.dataDir);
      expect(files).toEqual(expect.arrayContaining(['events.sqlite', 'events.sqlite-wal', 'read.sqlite', 'read.sqlite-wal', 'secrets.json']));
      expect((statSync(server.dataDir).mode & 0o777).toString(8)).toBe('700');
      expect(files.map((f) => [f, (statSync(path.join(server.dataDir, f)).mode & 0o777).toString(8)])).toEqual(files.map((f) => [f, '600']));
    } finally {
      process.umask(previous);
      await server.stop();
    }
  });
});
