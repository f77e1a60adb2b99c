import { appRoutes, sweepEveryPage, VISITS } from './support/sweep';

/** Every console page in the light theme's languages (the dark theme's are in every-page-dark.e2e-spec.ts). */

it('given the app, then every page it has is in the sweep', () => {
  expect(VISITS.map((v) => v.route).sort()).toEqual(appRoutes().sort());
});

sweepEveryPage('light');
