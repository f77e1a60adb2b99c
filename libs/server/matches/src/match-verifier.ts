import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, Refusal } from '@liars-dice/server-platform';
import { type EventStore, StreamNotFoundError } from '@liars-dice/event-store-port';
import { verificationExport, type VerificationExport, verifyMatch, type Verification } from '@liars-dice/game-fairness';
import type { MatchEvent } from '@liars-dice/game-rules';
import { isEngineEvent, matchStream } from '@liars-dice/game-match';

/** The check of a finished match, and everything an outsider needs to redo it with their own code. */
export interface MatchVerification extends Verification, VerificationExport {}

/** Recomputes every roll and trigger pull of a finished match from the store and its revealed seed. */
@Injectable()
export class MatchVerifier {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async verify(matchId: string): Promise<MatchVerification> {
    const events = await this.engineEvents(matchId);
    const finished = events.at(-1);
    const seed = finished?.type === 'MatchFinished' ? finished.data.seed : undefined;
    if (!seed) throw new Refusal('NOT_FINISHED', `matchId: match ${matchId} is not finished; its seed is revealed at the end`, 'matchId');
    return { ...verificationExport(events, seed), ...verifyMatch(events, seed) };
  }

  private async engineEvents(matchId: string): Promise<MatchEvent[]> {
    try {
      const recorded = await this.store.readStream(matchStream(matchId));
      return recorded.filter(isEngineEvent).map((event) => ({ type: event.type, data: event.data }) as MatchEvent);
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new Refusal('NOT_FOUND', `matchId: no match ${matchId}`, 'matchId');
      throw error;
    }
  }
}
