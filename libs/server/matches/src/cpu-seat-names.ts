import { Injectable } from '@nestjs/common';
import { isCpuName, passesForPlayer } from '@liars-dice/game-match';
import { Refusal } from '@liars-dice/server-platform';
import { Accounts } from '@liars-dice/server-auth';

/**
 * A CPU seat (a table's, a tournament's CPU entrant) may not go by a player's name: lists show names bare, so
 * a CPU called `Admin`, `ＡＤＭＩＮ` or `Аdmin` (Cyrillic А) would look as if the admin sat at the table. The
 * name is compared as it reads (its Unicode TR39 skeleton, ADR 0070) with every registered account. Checked
 * where a name comes from outside (the GraphQL mutations: a table's seats here, a tournament's CPU entrant by its
 * decider, after it has checked the caller may enter one); a name already on a table or in a tournament stays, as
 * does an account registered after it.
 */
@Injectable()
export class CpuSeatNames {
  constructor(private readonly accounts: Accounts) {}

  /** The account `name` reads as (a CPU's name from outside), or null; a malformed name is left to the deciders. */
  async playerNamed(name: unknown): Promise<string | null> {
    return isCpuName(name) ? this.accounts.registeredName(name) : null;
  }

  /** Refuses `name` (at `field`) when it reads as an account's name. */
  async refusePlayerNames(name: unknown, field: string): Promise<void> {
    const player = await this.playerNamed(name);
    if (player !== null) throw new Refusal('NAME_TAKEN', passesForPlayer(field, name as string, player), field);
  }
}
