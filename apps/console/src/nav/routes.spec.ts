import { activeEntry, navFor } from './routes';

const hrefs = (audience: Parameters<typeof navFor>[0]) => navFor(audience).map((e) => e.href);

describe('the navigation by role', () => {
  it('given a guest, then tournaments show and nothing that needs an account or a role', () => {
    expect(hrefs('guest')).toContain('/tournaments');
    expect(hrefs('guest')).not.toContain('/disputes');
    expect(hrefs('guest')).not.toContain('/moderation');
  });

  it('given a player, then their disputes show, neither moderation nor creating tournaments', () => {
    expect(hrefs('player')).toContain('/disputes');
    expect(hrefs('player')).not.toContain('/moderation');
    expect(hrefs('player')).not.toContain('/tournaments/new');
  });

  it('given an organiser, a moderator and an admin, then each sees their own tools (an admin both)', () => {
    expect(hrefs('organiser')).toContain('/tournaments/new');
    expect(hrefs('organiser')).not.toContain('/moderation');
    expect(hrefs('moderator')).toContain('/moderation');
    expect(hrefs('moderator')).not.toContain('/tournaments/new');
    expect(hrefs('admin')).toEqual(expect.arrayContaining(['/moderation', '/tournaments/new']));
  });

  it("given an admin, then the operators' pages show; to everyone else they do not", () => {
    expect(hrefs('admin')).toContain('/operations');
    for (const audience of ['guest', 'player', 'organiser', 'moderator'] as const)
      expect(hrefs(audience)).not.toContain('/operations');
    expect(activeEntry('/operations/streams')?.href).toBe('/operations');
  });

  it('given anyone, then GraphiQL is no main link (the header fits 1280 px) but statistics are, whose tabs lead to it', () => {
    for (const audience of ['guest', 'player', 'organiser', 'moderator', 'admin'] as const) {
      expect(hrefs(audience)).toContain('/stats');
      expect(hrefs(audience)).not.toContain('/graphiql');
    }
  });

  it('given a nested path, then the longest entry it belongs to is the current one', () => {
    expect(activeEntry('/tournaments/new')?.href).toBe('/tournaments/new');
    expect(activeEntry('/tournaments/t1')?.href).toBe('/tournaments');
    expect(activeEntry('/moderation/disputes/m1')?.href).toBe('/moderation');
  });
});
