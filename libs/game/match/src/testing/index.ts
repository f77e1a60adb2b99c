// The lobby's test table, for this package's tests and for features built on the match stream.
export * from './table';
