import { sweepEveryPage } from './support/sweep';

/**
 * Every console page in a phone's window (390 × 844, in English, light): none wider than the window (a wide table
 * scrolls in its own box), each opening with its heading, axe finding nothing serious.
 */
sweepEveryPage('light', true);
