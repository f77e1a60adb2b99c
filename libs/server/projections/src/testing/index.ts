// A sample log of played matches for tests (this library's and its users'): never in the public index.
export { appendMatches, appendTo, sampleTables, streamsOf, toAppend, toRecorded } from './sample-log';
export { collusionRankingsAlong, dumpReadModels, projectedHead, readModelTables, rebuiltReadModels } from './read-models';
