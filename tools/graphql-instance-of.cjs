// graphql-js's `instanceOf` as its production build runs it (NODE_ENV=production): the plain `instanceof`. Its
// development build, which Jest's NODE_ENV=test selects, inspects every failed check for a second copy of graphql,
// and graphql-js fails such checks on every field it completes (non-null? a list? a leaf?), which made it one of the
// e2e tests' largest costs. jest.preset.cjs maps graphql's own `../jsutils/instanceOf.js` here, so the tests execute
// queries as the server does in production (docs/adr/0025).
'use strict';

exports.instanceOf = function instanceOf(value, constructor) {
  return value instanceof constructor;
};
