export * from './types';
export * from './errors';
export * from './limits';
export * from './json';
export * from './validation';
export * from './filter';
export * from './catch-up-subscription';
export * from './append-decision';
