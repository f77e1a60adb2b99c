import { postGraphQL } from './support/graphql-client';
import { GRANT } from './support/moderation';
import { TestPlayer } from './support/player';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };

beforeAll(async () => {
  server = await startTestApi({ ADMIN_NAME: 'boss' });
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
});
afterAll(() => server.stop());

describe('roles: the service always keeps an admin', () => {
  it('given boss is the only admin, when boss demotes themselves, then LAST_ADMIN; once ann is an admin too, boss may step down and ann may not', async () => {
    const boss = await TestPlayer.register(url, 'boss');
    const ann = await TestPlayer.register(url, 'ann');
    const alone = await postGraphQL(url.graphql, GRANT, { name: 'boss', role: 'PLAYER' }, boss.token);
    expect(alone.errors?.[0]).toMatchObject({
      message: 'boss is the last admin: grant another account the admin role first',
      extensions: { code: 'LAST_ADMIN', field: 'role' },
    });
    expect((await postGraphQL(url.graphql, GRANT, { name: 'ann', role: 'ADMIN' }, boss.token)).errors).toBeUndefined();
    const steppedDown = await postGraphQL<{ grantRole: { role: string } }>(url.graphql, GRANT, { name: 'boss', role: 'MODERATOR' }, boss.token);
    expect(steppedDown.data?.grantRole.role).toBe('MODERATOR');
    const annAlone = await postGraphQL(url.graphql, GRANT, { name: 'ann', role: 'PLAYER' }, ann.token);
    expect(annAlone.errors?.[0]?.extensions).toEqual({ code: 'LAST_ADMIN', field: 'role' });
  });
});
