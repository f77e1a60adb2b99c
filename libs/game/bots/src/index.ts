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
} from './strategy';
export { type Profile, PROFILES } from './levels';
export { commandOf, playMatch, type MatchSetup, type Decider, type House } from './match';
export { type BotRequest, parseBotRequest, answerOf, answerLine } from './protocol/bot-request';
export { InvalidBotRequest } from './protocol/invalid-request';
export { botRequestOf } from './protocol/request-of-view';
