import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, parseEnv } from './config';

describe('configuration', () => {
  it('given several bad settings, when parsed, then each is reported once by name', () => {
    const bad = { PORT: 'eighty', EVENTSTORE_CONNECTION_STRING: 'http://localhost:2113', SEED_KEY: 'abc', LOG_LEVEL: 'loud' };
    let error: unknown;
    try {
      parseEnv(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['EVENTSTORE_CONNECTION_STRING', 'LOG_LEVEL', 'PORT', 'SEED_KEY']);
  });

  it('given no settings, when loaded, then the embedded SQLite default is used with secrets generated once into the data dir', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-config-'));
    try {
      const first = loadConfig({ DATA_DIR: dataDir });
      const second = loadConfig({ DATA_DIR: dataDir });
      expect(first.store).toBe('sqlite');
      expect(first.settings.jwtSecret).toBe(second.settings.jwtSecret);
      expect(first.settings.seedKey).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))).toMatchObject({ seedKey: first.settings.seedKey });
      expect(loadConfig({ DATA_DIR: dataDir, EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=false' }).store).toBe('esdb');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('given replicas on EventStoreDB, then the others take over a match\'s CPU seats and timers after 1 s unless TAKEOVER_MS says otherwise; one process never waits', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-config-'));
    try {
      const esdb = { DATA_DIR: dataDir, EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=false' };
      expect(loadConfig({ DATA_DIR: dataDir }).settings.takeoverMs).toBe(0);
      expect(loadConfig(esdb).settings.takeoverMs).toBe(1000);
      expect(loadConfig({ ...esdb, TAKEOVER_MS: '250' }).settings.takeoverMs).toBe(250);
      expect(() => parseEnv({ TAKEOVER_MS: '-1' })).toThrow(ConfigError);
      expect(parseEnv({}).HTTP_KEEP_ALIVE_MS).toBe(65_000);
      expect(() => parseEnv({ HTTP_KEEP_ALIVE_MS: '10' })).toThrow(ConfigError);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('given MAX_SOCKETS_PER_ADDRESS, then 64 by default, 0 turns it off, and a bad value is named', () => {
    expect(parseEnv({}).MAX_SOCKETS_PER_ADDRESS).toBe(64);
    expect(parseEnv({ MAX_SOCKETS_PER_ADDRESS: '0' }).MAX_SOCKETS_PER_ADDRESS).toBe(0);
    for (const bad of ['-1', 'many', '2.5']) expect(() => parseEnv({ MAX_SOCKETS_PER_ADDRESS: bad })).toThrow(/MAX_SOCKETS_PER_ADDRESS: /);
  });

  it('given THREADS_IN_PROCESS, then every thread on its own by default, the named ones in process, and an unknown name is named', () => {
    expect(parseEnv({}).THREADS_IN_PROCESS).toEqual([]);
    expect(parseEnv({ THREADS_IN_PROCESS: 'projections,sqlite-writer' }).THREADS_IN_PROCESS).toEqual(['projections', 'sqlite-writer']);
    expect(() => parseEnv({ THREADS_IN_PROCESS: 'edge' })).toThrow('THREADS_IN_PROCESS: unknown thread "edge": expected a comma-separated list of sqlite-writer, projections, cpu-seats');
  });

  it('given TRUST_PROXY, then off by default, a hop count or a list of proxies, and a bad value is named', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeNull();
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseEnv({ TRUST_PROXY: 'loopback,10.0.0.0/8' }).TRUST_PROXY).toEqual({ addresses: ['loopback', '10.0.0.0/8'] });
    for (const bad of ['true', 'proxy.local', '10.0.0.0/40']) expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: /);
  });

  it('given LOBBY_IDLE_SECONDS, then an idle casual lobby expires after 30 minutes by default, 0 never, and a bad value is named with what is expected', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).settings.lobbyIdleSeconds).toBe(1800);
      expect(loadConfig({ DATA_DIR: dataDir, LOBBY_IDLE_SECONDS: '' }).settings.lobbyIdleSeconds).toBe(1800);
      expect(loadConfig({ DATA_DIR: dataDir, LOBBY_IDLE_SECONDS: '0' }).settings.lobbyIdleSeconds).toBe(0);
      expect(loadConfig({ DATA_DIR: dataDir, LOBBY_IDLE_SECONDS: '90' }).settings.lobbyIdleSeconds).toBe(90);
      for (const bad of ['-1', 'half an hour', '2.5', '2592001']) {
        expect(() => parseEnv({ LOBBY_IDLE_SECONDS: bad })).toThrow('LOBBY_IDLE_SECONDS: expected whole seconds from 0 (never expire) to 2592000 (30 days)');
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('given LOBBY_IDLE_MAX_SECONDS, then a host may choose up to a day by default (or up to a longer default), the set value otherwise, and a bad value or one below the default is named', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-config-'));
    const ceilingOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).settings.lobbyIdleMaxSeconds;
    try {
      // Unset: a day above the 30-minute default, so a host may choose 2 hours without the operator raising the default
      expect(loadConfig({ DATA_DIR: dataDir }).settings).toMatchObject({ lobbyIdleSeconds: 1800, lobbyIdleMaxSeconds: 86_400 });
      expect(ceilingOf({ LOBBY_IDLE_MAX_SECONDS: '' })).toBe(86_400);
      expect(ceilingOf({ LOBBY_IDLE_SECONDS: '0' })).toBe(86_400);
      // A default longer than a day raises the unset ceiling with it: a server that raised it starts as before
      expect(ceilingOf({ LOBBY_IDLE_SECONDS: '172800' })).toBe(172_800);
      expect(ceilingOf({ LOBBY_IDLE_SECONDS: '2', LOBBY_IDLE_MAX_SECONDS: '3600' })).toBe(3600);
      expect(ceilingOf({ LOBBY_IDLE_SECONDS: '3600', LOBBY_IDLE_MAX_SECONDS: '3600' })).toBe(3600);
      for (const bad of ['0', '-1', 'a day', '2.5', '2592001']) {
        expect(() => parseEnv({ LOBBY_IDLE_MAX_SECONDS: bad })).toThrow('LOBBY_IDLE_MAX_SECONDS: expected whole seconds from 1 to 2592000 (30 days)');
      }
      expect(() => parseEnv({ LOBBY_IDLE_SECONDS: '7200', LOBBY_IDLE_MAX_SECONDS: '3600' })).toThrow(
        'LOBBY_IDLE_MAX_SECONDS: 3600 is below LOBBY_IDLE_SECONDS (7200); the longest idle time a host may choose cannot be shorter than the default: raise it, or lower LOBBY_IDLE_SECONDS',
      );
      // The default left unset (1800) counts as well
      expect(() => parseEnv({ LOBBY_IDLE_MAX_SECONDS: '600' })).toThrow('LOBBY_IDLE_MAX_SECONDS: 600 is below LOBBY_IDLE_SECONDS (1800)');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('given MATCH_INACTIVITY_SECONDS and MATCH_SOLO_INACTIVITY_SECONDS, then a match waits 10 minutes on a person (5 with only CPUs) by default, the set values otherwise, and a bad value is named with what is expected', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-config-'));
    const limitsOf = (env: Record<string, string>) => {
      const { inactivitySeconds, soloInactivitySeconds } = loadConfig({ DATA_DIR: dataDir, ...env }).settings;
      return { inactivitySeconds, soloInactivitySeconds };
    };
    try {
      expect(limitsOf({})).toEqual({ inactivitySeconds: 600, soloInactivitySeconds: 300 });
      expect(limitsOf({ MATCH_INACTIVITY_SECONDS: '', MATCH_SOLO_INACTIVITY_SECONDS: '' })).toEqual({ inactivitySeconds: 600, soloInactivitySeconds: 300 });
      expect(limitsOf({ MATCH_INACTIVITY_SECONDS: '90', MATCH_SOLO_INACTIVITY_SECONDS: '1' })).toEqual({ inactivitySeconds: 90, soloInactivitySeconds: 1 });
      for (const name of ['MATCH_INACTIVITY_SECONDS', 'MATCH_SOLO_INACTIVITY_SECONDS']) {
        for (const bad of ['0', '-1', 'ten minutes', '2.5', '2592001']) {
          expect(() => parseEnv({ [name]: bad })).toThrow(`${name}: expected whole seconds from 1 to 2592000 (30 days)`);
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('given the moderation settings, then the windows are days and the second moderator a switch; bad values are named', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).settings.moderation).toEqual({ fileWindowMs: 7 * 86_400_000, appealWindowMs: 7 * 86_400_000, secondModerator: false });
      const set = loadConfig({ DATA_DIR: dataDir, MODERATION_FILE_WINDOW_DAYS: '3', MODERATION_APPEAL_WINDOW_DAYS: '14', MODERATION_SECOND_MODERATOR: 'true' });
      expect(set.settings.moderation).toEqual({ fileWindowMs: 3 * 86_400_000, appealWindowMs: 14 * 86_400_000, secondModerator: true });
      expect(() => parseEnv({ MODERATION_FILE_WINDOW_DAYS: '0', MODERATION_SECOND_MODERATOR: 'yes' })).toThrow(/MODERATION_FILE_WINDOW_DAYS[\s\S]*MODERATION_SECOND_MODERATOR/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('given the account and lobby limits, then their defaults hold (ADR 0070), 0 turns the caps off, and bad values are named', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-config-'));
    try {
      const { settings } = loadConfig({ DATA_DIR: dataDir });
      expect(settings.accounts).toEqual({ signInFreeFailures: 5, signInBackoffMaxSeconds: 900, registrationsPerHour: 5 });
      expect([settings.maxOpenLobbies, settings.adminSetupToken]).toEqual([3, null]);
      expect(loadConfig({ DATA_DIR: dataDir, REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0', MAX_OPEN_LOBBIES: '0' }).settings).toMatchObject({ accounts: { registrationsPerHour: 0 }, maxOpenLobbies: 0 });
      expect(() => parseEnv({ SIGN_IN_FREE_FAILURES: '0', MAX_OPEN_LOBBIES: 'many', ADMIN_SETUP_TOKEN: 'short' })).toThrow(/ADMIN_SETUP_TOKEN: at least 24 characters[\s\S]*SIGN_IN_FREE_FAILURES[\s\S]*MAX_OPEN_LOBBIES/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('given ADMIN_NAME (whose first registrant became admin), then the server refuses to start, pointing at the setup token', () => {
    expect(() => parseEnv({ ADMIN_NAME: 'root' })).toThrow(/ADMIN_NAME: no longer read: the first admin claims the admin setup token/);
    expect(parseEnv({ ADMIN_NAME: '' }).ADMIN_NAME).toBeUndefined();
  });
});
