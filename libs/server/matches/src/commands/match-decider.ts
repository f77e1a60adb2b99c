import { Injectable } from '@nestjs/common';
import { Clock, Refusal } from '@liars-dice/server-platform';
import { RuleViolation } from '@liars-dice/game-rules';
import {
  decideTable,
  initialTableState,
  isEngineEvent,
  type MatchRecord,
  type StreamEvent,
  type TableCommand,
  TableViolation,
  type Untimed,
  withHouseMoves,
} from '@liars-dice/game-match';
import { SeedVault } from '../seed-vault';

/** A command decided: the moment it was decided at (the deciders' `at`) and the events it appends. */
export interface Decided {
  readonly at: number;
  readonly events: readonly StreamEvent[];
}

/** A refused lobby or stream command (a value from the decider) as the refusal the client gets. */
export function refused(violation: TableViolation): Refusal {
  return new Refusal(violation.code, violation.message, violation.field);
}

/**
 * Decides a command on a match with libs/game/match at the server's time, and lets the house add its rolls and
 * trigger pulls from the match's sealed seed (ADR 0002, 0004). A refusal is thrown as the client's error: a lobby
 * or stream refusal as a Refusal, the engine's rule breaches with their own codes.
 */
@Injectable()
export class MatchDecider {
  constructor(
    private readonly vault: SeedVault,
    private readonly clock: Clock,
  ) {}

  decide(record: MatchRecord | null, command: Untimed<TableCommand>): Decided {
    const at = this.clock.now();
    // `Object.assign`, not `{ ...command.data, at }`: V8 adds a property to a spread copy slowly (ADR 0028).
    const decided = decideTable(record ?? initialTableState, {
      ...command,
      data: Object.assign({}, command.data, { at }),
    } as TableCommand);
    if (decided instanceof TableViolation) throw refused(decided);
    if (decided instanceof RuleViolation) throw decided;
    return { at, events: record ? this.withHouse(record, decided, at) : decided };
  }

  private withHouse(record: MatchRecord, events: readonly StreamEvent[], at: number): readonly StreamEvent[] {
    const engine = events.filter(isEngineEvent);
    if (engine.length === 0) return events;
    const others = events.filter((event) => !isEngineEvent(event));
    return [...others, ...withHouseMoves(record.game, engine, this.vault.open(record.sealedSeed), at)];
  }
}
