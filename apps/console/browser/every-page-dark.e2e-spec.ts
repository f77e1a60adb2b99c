import { sweepEveryPage } from './support/sweep';

/** Every console page in the dark theme's languages (the light theme's are in every-page.e2e-spec.ts). */
sweepEveryPage('dark');
