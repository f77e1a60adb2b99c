import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule, type ICommand } from '@nestjs/cqrs';
import type { AllFollower, AllFollowerHandlers, EventStore } from '@liars-dice/event-store-port';
import type { AccountRef, MatchPlan, MatchRecord } from '@liars-dice/game-match';
import { Clock, EVENT_STORE, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type CommandOutcome, MatchCommandContext } from '../commands/handle-match-command';
import {
  CallLiarCommand,
  CreateMatchCommand,
  JoinMatchCommand,
  PlaceBidCommand,
  StartMatchCommand,
} from '../commands/match.commands';
import { MatchDecider } from '../commands/match-decider';
import { LiveMatches } from '../live-matches';
import { MatchStore } from '../match-store';
import { MATCH_COMMAND_HANDLERS } from '../matches.module';
import { SeedVault } from '../seed-vault';

export const REPLICA_SETTINGS = {
  seedKey: 'ab'.repeat(32),
  commandRetries: 8,
  lobbyIdleSeconds: 1800,
  lobbyIdleMaxSeconds: 86_400,
} as ServerSettings;

/** The heads-up casual plan tests open unless they say otherwise. */
export const HEADS_UP: MatchPlan = {
  ruleset: 'perudo',
  options: {},
  seats: [{ kind: 'human' }, { kind: 'human' }],
  ranked: false,
  kind: 'regular',
};

/** Matches followed from `log` instead of the store they are read from and appended to (a replica whose log lags). */
class MatchStoreFollowing extends MatchStore {
  private readonly log: MatchStore;

  constructor(store: EventStore, log: EventStore) {
    super(store);
    this.log = new MatchStore(log);
  }

  override follow(handlers: AllFollowerHandlers): AllFollower {
    return this.log.follow(handlers);
  }
}

export interface ReplicaOptions {
  /** Where its LiveMatches follow the log from (default: the store itself; an empty store: a replica that hears nothing). */
  readonly log?: EventStore;
  readonly settings?: Partial<ServerSettings>;
}

/**
 * One API replica's match write side over a shared store, wired as the app wires it: the command bus, a handler
 * class per command, LiveMatches over a MatchStore. Close it at the end.
 */
export class MatchReplica {
  private constructor(
    private readonly close: () => Promise<void>,
    readonly bus: CommandBus,
    readonly matches: LiveMatches,
  ) {}

  static async on(store: EventStore, options: ReplicaOptions = {}): Promise<MatchReplica> {
    const settings = { ...REPLICA_SETTINGS, ...options.settings };
    const log = options.log;
    @Module({
      imports: [CqrsModule.forRoot()],
      providers: [
        ...MATCH_COMMAND_HANDLERS,
        MatchCommandContext,
        MatchDecider,
        LiveMatches,
        SeedVault,
        Clock,
        {
          provide: MatchStore,
          useFactory: () => (log ? new MatchStoreFollowing(store, log) : new MatchStore(store)),
        },
        { provide: EVENT_STORE, useValue: store },
        { provide: SERVER_SETTINGS, useValue: settings },
      ],
    })
    class ReplicaModule {}
    // Initialised as the app is: LiveMatches follows the log, the bus knows every handler.
    const app = await NestFactory.createApplicationContext(ReplicaModule, {
      logger: false,
      abortOnError: false,
    });
    const matches = app.get(LiveMatches);
    await matches.ready();
    return new MatchReplica(() => app.close(), app.get(CommandBus), matches);
  }

  send(command: ICommand): Promise<CommandOutcome> {
    return this.bus.execute(command);
  }

  create(host: AccountRef, commandId: string, plan: MatchPlan = HEADS_UP): Promise<CommandOutcome> {
    return this.send(new CreateMatchCommand(host, commandId, plan));
  }

  stop(): Promise<void> {
    return this.close();
  }
}

export const ALICE: AccountRef = { id: 'a-alice', name: 'alice' };
export const BOB: AccountRef = { id: 'a-bob', name: 'bob' };

/** A heads-up classic match of three dice each: the holder of the seat to act in `record`. */
export function onTurn(record: MatchRecord | undefined): AccountRef {
  const toAct = record?.game.status === 'bidding' ? record.game.toAct : null;
  return record?.table.seats.find((s) => s.seat === toAct)?.holder?.id === ALICE.id ? ALICE : BOB;
}

/**
 * Every outcome of a casual heads-up classic match of three dice each, opened by alice on `replica`, joined by bob,
 * started and played to its end: `bids` bids a round (rising by one), then a call.
 */
export async function playedToTheEnd(
  replica: MatchReplica,
  commandId = 'open',
  bids = 1,
): Promise<CommandOutcome[]> {
  const plan: MatchPlan = {
    ruleset: 'classic',
    options: { startingDice: 3 },
    seats: [{ kind: 'human' }, { kind: 'human' }],
    ranked: false,
    kind: 'regular',
  };
  const opened = await replica.create(ALICE, commandId, plan);
  const { matchId } = opened;
  const outcomes = [
    opened,
    await replica.send(new JoinMatchCommand(BOB, `${commandId}-join`, matchId, null)),
  ];
  let last = await replica.send(new StartMatchCommand(ALICE, `${commandId}-start`, matchId));
  outcomes.push(last);
  for (let step = 0; step < 60 && last.record?.game.status === 'bidding'; step++) {
    const game = last.record.game;
    const target = {
      matchId,
      commandId: `${commandId}-move-${step}`,
      actor: { kind: 'account', ...onTurn(last.record) } as const,
    };
    last = await replica.send(
      game.round.bids.length < bids
        ? new PlaceBidCommand(target, game.round.bids.length + 1, 2)
        : new CallLiarCommand(target),
    );
    outcomes.push(last);
  }
  return outcomes;
}

/**
 * A test file's replicas: `replicaOn(store, log?)` starts one (`log`: where it follows the log from; an empty store
 * is a replica that hears nothing), and every one started is stopped after each test.
 */
export function replicasOfEachTest(): (store: EventStore, log?: EventStore) => Promise<MatchReplica> {
  const started: MatchReplica[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((replica) => replica.stop()));
  });
  return async (store, log) => {
    const replica = await MatchReplica.on(store, { log });
    started.push(replica);
    return replica;
  };
}

/** Waits (a few seconds at most) until `done` says so, as a replica's log is followed a moment after the append. */
export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(done()).toBe(true);
}
