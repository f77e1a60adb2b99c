import { healthOf } from './use-health';

describe("the API's /health as the operators' page reads it", () => {
  it('given a ready body, then every field is read', () => {
    const body = { status: 'ok', ready: true, maxLagMs: 2000, catalog: { caughtUp: true, lagMs: 3 }, projections: { lagMs: 12, failed: ['audit'] }, store: 'sqlite', matches: 4 };
    expect(healthOf(200, body)).toEqual({ status: 'ok', ready: true, httpStatus: 200, store: 'sqlite', matches: 4, catalogLagMs: 3, projectionsLagMs: 12, failed: ['audit'] });
  });

  it('given no body (the API did not answer), then it is unreachable and nothing is made up', () => {
    expect(healthOf(502, null)).toEqual({ status: 'unreachable', ready: false, httpStatus: 502, store: null, matches: null, catalogLagMs: null, projectionsLagMs: null, failed: [] });
  });

  it('given a 503 lagging body with a NaN lag (the store could not be read), then the lag is unknown, not NaN', () => {
    expect(healthOf(503, { status: 'lagging', ready: false, catalog: { lagMs: null }, projections: { lagMs: 'x', failed: [1, 'rating'] } })).toMatchObject({ status: 'lagging', ready: false, catalogLagMs: null, projectionsLagMs: null, failed: ['rating'] });
  });
});
