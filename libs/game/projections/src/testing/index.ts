// Fixtures for the read side's tests (and their users' tests): never part of the library's public index.
export { type TableSetup, lobbyEvents, engineEvents, playedMatch } from './sample-matches';
export { scripted, roll, bid, liar, spotOn } from './scripted';
export { deltasOf, factsOf } from './fold';
