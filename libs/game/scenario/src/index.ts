export { type Scenario, type ScenarioAction, InvalidScenarioError } from './scenario';
export { parseScenario } from './parse-scenario';
export { runScenario, seedHexOf } from './run-scenario';
export { reportOf, type ScenarioReport, type ActionOutcome } from './report';
export { rulingOf, rulingOfLine, type Ruling } from './ruling';
