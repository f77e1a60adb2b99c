import jwt from 'jsonwebtoken';
import { openSocket, postGraphQL } from './support/graphql-client';
import { handsOf, leaksIn } from './support/leak-check';
import { type LeakMatch, NOTE_TEXTS, playLeakMatch } from './support/leak-run';
import { moderator } from './support/moderation';
import { TestPlayer } from './support/player';
import { ME } from './support/queries';
import { startTestApi, TEST_JWT_SECRET } from './support/test-api';

jest.setTimeout(300_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };
let mod: TestPlayer;

// Limits high enough for "every field to depth 4" of every match and player field in one request.
beforeAll(async () => {
  server = await startTestApi({ MAX_QUERY_COMPLEXITY: '1000000', MAX_ALIASES: '200', MAX_QUERY_TOKENS: '100000', MAX_RESPONSE_BYTES: '100000000' });
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  mod = await moderator(url, await TestPlayer.registerAdmin(url, 'leak-root'), 'leak-mod');
});
afterAll(() => server.stop());

const MATCHES: (LeakMatch & { name: string })[] = [
  { name: 'classic, ranked', ruleset: 'CLASSIC', ranked: true, players: 3, options: { startingDice: 3 } },
  { name: 'classic, unranked', ruleset: 'CLASSIC', ranked: false, players: 2, options: { startingDice: 3, wildOnes: false } },
  { name: 'perudo, ranked', ruleset: 'PERUDO', ranked: true, players: 2 },
  { name: 'perudo, unranked', ruleset: 'PERUDO', ranked: false, players: 3 },
  { name: 'revolver, ranked', ruleset: 'REVOLVER', ranked: true, players: 3, options: { bullets: 5 } },
  { name: 'revolver, unranked', ruleset: 'REVOLVER', ranked: false, players: 2, options: { bullets: 4 } },
];

describe('the leak test, over every path the schema offers', () => {
  it.each(MATCHES.map((m, i) => [m.name, m, i] as const))('%s: no caller ever receives another seat\'s hand before its reveal, nor the seed before the end', async (_name, spec, i) => {
    const { received, finished, covered } = await playLeakMatch(server.api, spec, `leak${i}`, mod);
    expect(finished.status).toBe('finished');
    // Introspection found the fields the service has today (later ones join by themselves).
    expect(covered).toEqual(
      expect.arrayContaining(['match', 'matchAudit', 'matchReplay', 'playerStats', 'ratingHistory', 'ratingTrend', 'globalStats', 'cpuResults', 'leaderboard', 'verifyMatch', 'matches', 'matchUpdated', 'dispute', 'disputes', 'disputeOutcomes', 'moderationLog', 'sanctions', 'suspiciousPairs', 'moderationUpdated']),
    );
    const hands = handsOf(finished);
    expect(received.filter((r) => r.hiddenRound !== null).length).toBeGreaterThan(hands.size * 10);
    expect(received.flatMap((r) => leaksIn(r, hands))).toEqual([]);
    const seed = finished.seed as string;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    // The seed is revealed by the end and shown to nobody while a round is still in play.
    expect(received.some((r) => r.text.includes(seed))).toBe(true);
    expect(received.filter((r) => r.hiddenRound !== null && r.text.includes(seed)).map((r) => r.text.slice(0, 200))).toEqual([]);
    // Errors carry a code and maybe the field at fault, nothing else (no stack, no state).
    for (const r of received) {
      const errors = (r.text.startsWith('{') ? ((JSON.parse(r.text) as { errors?: { extensions?: object }[]; payload?: { errors?: { extensions?: object }[] } | { extensions?: object }[] }).errors ?? []) : []) as { extensions?: object }[];
      for (const error of errors) expect(Object.keys(error.extensions ?? {}).filter((k) => k !== 'code' && k !== 'field')).toEqual([]);
    }
  });

  it('given a dispute a moderator notes, releases and claims again during play, then its filer hears the review but never that a note exists', async () => {
    const { received, filer, moderator: modName } = await playLeakMatch(server.api, MATCHES[1] as LeakMatch, 'leak-notes', mod);
    const heard = (caller: string) => received.filter((r) => r.caller === caller && r.text.includes('moderationUpdated'));
    // The filer's feed works: the release and the new claim reached them
    expect(heard(filer).map((r) => r.text).join('\n')).toMatch(/"event":"DisputeReleased"[\s\S]*"event":"DisputeClaimed"/);
    // and nobody but the moderator ever received a note, its text, or the fact that one was added
    const private_ = (r: { text: string }) => r.text.includes('DisputeNoteAdded') || NOTE_TEXTS.some((text) => r.text.includes(text));
    expect(received.filter((r) => r.caller !== modName && private_(r)).map((r) => `${r.caller}: ${r.text.slice(0, 200)}`)).toEqual([]);
    // while the moderator's own feed has the note event (the check has teeth)
    expect(heard(modName).some((r) => r.text.includes('"event":"DisputeNoteAdded"'))).toBe(true);
  });

  it('given one hidden hand planted in any field, then the scan finds it (the check has teeth)', () => {
    const hands = new Map([[2, new Map([['s1', [4, 1, 6]], ['s2', [2, 2, 5]]])], [1, new Map([['s1', [3, 3, 3]], ['s2', [6, 6, 1]]])]]);
    const as = (text: string) => ({ caller: 'p1', seat: 's1', hiddenRound: 2, text });
    expect(leaksIn(as(JSON.stringify({ data: { match: { myDice: [4, 1, 6], history: [{ hands: [{ dice: [6, 1, 6] }] }] } } })), hands)).toEqual([]);
    for (const planted of [{ seed: [5, 2, 2] }, { stats: { note: 'held 2, 5, 2' } }, { state: JSON.stringify({ round: { dice: { s2: [2, 5, 2] } } }) }, { message: 'refused: [2,2,5]' }]) {
      expect(leaksIn(as(JSON.stringify({ data: planted })), hands)).toHaveLength(1);
    }
    expect(leaksIn({ ...as('liars_dice_x{hand="2 5 2"} 1'), seat: null }, hands)).not.toEqual([]);
  });
});

describe('tokens', () => {
  /** The answer over a websocket: the socket is accepted, each operation is refused like the HTTP request. */
  async function overSocket(token: string): Promise<{ message: string; extensions?: Record<string, unknown> }[]> {
    const socket = await openSocket(url.ws, token);
    try {
      return await new Promise((resolve) => {
        socket.subscribe({ query: ME }, { next: (r) => resolve((r.errors ?? []) as never), error: (e) => resolve(e as never), complete: () => resolve([]) });
      });
    } finally {
      await socket.dispose();
    }
  }

  it('given a forged, unsigned, expiry-less, expired or garbage token, when it is used over HTTP or a websocket, then it is HTTP 401 / UNAUTHENTICATED on both', async () => {
    const player = await TestPlayer.register(url, 'token-owner');
    const claims = jwt.decode(player.token) as { sub: string; name: string; role: string; exp: number };
    const forged = jwt.sign({ sub: claims.sub, name: claims.name, role: 'admin' }, 'not-the-server-secret-0123456789abcdef', { expiresIn: 600 });
    const roleChanged = `${player.token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${player.token.split('.')[2]}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.`;
    const noExpiry = jwt.sign({ sub: claims.sub, name: claims.name, role: claims.role }, TEST_JWT_SECRET);
    const expired = jwt.sign({ sub: claims.sub, name: claims.name, role: claims.role, exp: Math.floor(Date.now() / 1000) - 60 }, TEST_JWT_SECRET);

    for (const token of [forged, roleChanged, unsigned, noExpiry, expired, `${player.token}x`, 'garbage']) {
      const response = await postGraphQL(url.graphql, ME, {}, token);
      expect({ token, status: response.status, code: response.errors?.[0]?.extensions?.['code'] }).toEqual({ token, status: 401, code: 'UNAUTHENTICATED' });
      expect(response.data ?? null).toBeNull();
      expect((await overSocket(token))[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
    }
    const genuine = await postGraphQL<{ me: { name: string } }>(url.graphql, ME, {}, player.token);
    expect(genuine.data?.me.name).toBe('token-owner');
  });

  it('given a well-signed token for an account that does not exist, then it is refused; the role comes from the account, not the claim', async () => {
    const ghost = jwt.sign({ sub: '00000000-0000-4000-8000-000000000000', name: 'ghost', role: 'admin' }, TEST_JWT_SECRET, { expiresIn: 600 });
    const refused = await postGraphQL(url.graphql, ME, {}, ghost);
    expect([refused.status, refused.errors?.[0]?.extensions?.['code']]).toEqual([401, 'UNAUTHENTICATED']);
    const player = await TestPlayer.register(url, 'claims-admin');
    const claims = jwt.decode(player.token) as { sub: string; name: string };
    const promoted = jwt.sign({ sub: claims.sub, name: claims.name, role: 'admin' }, TEST_JWT_SECRET, { expiresIn: 600 });
    expect((await postGraphQL<{ me: { role: string } }>(url.graphql, ME, {}, promoted)).data?.me.role).toBe('PLAYER');
  });
});
