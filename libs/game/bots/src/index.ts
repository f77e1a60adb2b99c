export { type Rng, createRng, seedBits } from './rng';
export {
  type Strategy,
  type Difficulty,
  type BotKind,
  DIFFICULTIES,
  isDifficulty,
  randomStrategy,
  STRATEGIES,
  chooseAction,
  POLICIES,
} from './strategy';
export { type Profile, PROFILES } from './levels';
export { commandOf, playMatch, type MatchSetup, type Decider, type House } from './match';
export { type BotRequest, parseBotRequest, answerOf, answerLine } from './protocol/bot-request';
export { InvalidBotRequest } from './protocol/invalid-request';
export { botRequestOf } from './protocol/request-of-view';
export { type RoundRules, type RoundSpec, RoundGame, LIAR, SPOT_ON } from './solver/round-game';
export { gameName, roundGame, headsUpPosition } from './solver/heads-up';
export { solvedPlan, type PlannedRound } from './solver/plan';
export { solveRound, encodeMeasured, storedStrategy, EXPERT_FALLBACK, type SolvedRound, type SolveSettings, DEFAULT_SETTINGS } from './solver/solve';
export { assembleFile, decodeSolvedRounds, unpackFile, FORMAT_VERSION, type StoredGameHeader } from './solver/encoding';
export { SolvedTable, SolvedGame } from './solver/solved-table';
export { solvedTable, solvedPolicy } from './solver/solved-play';
export { exploitability, bestResponseValue } from './solver/best-response';
export { StoredStrategy, LevelStrategy, type LevelPolicy } from './solver/path-strategies';
export { SOLVED_ROUNDS_BASE64 } from './solver/solved-rounds.data';
export { deepFreeze } from './memo';
