import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('MatchOptions')
export class MatchOptionsView {
  @Field(() => Int) startingDice!: number;
  @Field() wildOnes!: boolean;
  @Field() spotOn!: boolean;
  @Field() palifico!: boolean;
  @Field(() => Int) bullets!: number;
  @Field(() => Int, { nullable: true }) turnSeconds!: number | null;
}

@ObjectType('SeatHolder', { description: 'Who held a seat before a CPU took it over.' })
export class SeatHolderView {
  @Field({ description: 'human' }) kind!: string;
  @Field({ description: 'The account name.' }) player!: string;
}

@ObjectType('Seat')
export class SeatView {
  @Field({ description: 'The seat id the events use (s1…s6).' }) seat!: string;
  @Field({ description: 'Who plays the seat now: human or cpu (cpu once its human handed it over).' }) kind!: string;
  @Field(() => String, { nullable: true, description: 'The level of the CPU playing the seat.' }) difficulty!: string | null;
  @Field(() => String, { nullable: true, description: 'The human playing the seat now; null for CPU-played and free seats.' }) player!: string | null;
  @Field(() => String, { nullable: true, description: 'Who plays the seat, as shown at the table: the account name, the CPU’s name (its host’s, else a roster name such as "B. Pascal"); null while free.' })
  name!: string | null;
  @Field({ description: 'A CPU took over after the human left (`previous` says who).' }) handedToCpu!: boolean;
  @Field(() => SeatHolderView, { nullable: true, description: 'Who held the seat before a CPU took it over.' }) previous!: SeatHolderView | null;
  @Field(() => Int) dice!: number;
  @Field(() => Int) bullets!: number;
  @Field() out!: boolean;
}

@ObjectType('Bid')
export class BidView {
  @Field() by!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Int) face!: number;
}

@ObjectType('Round')
export class RoundView {
  @Field(() => Int) number!: number;
  @Field() starter!: string;
  @Field() palifico!: boolean;
  @Field(() => [BidView]) bids!: BidView[];
}

@ObjectType('Hand')
export class HandView {
  @Field() seat!: string;
  @Field(() => [Int]) dice!: number[];
}

@ObjectType('Shot')
export class ShotView {
  @Field() player!: string;
  @Field(() => Int) bullets!: number;
  @Field(() => Int) chamber!: number;
  @Field() fatal!: boolean;
}

@ObjectType('RoundEnd')
export class RoundEndView {
  @Field({ description: 'liar, spot-on, timeout or forfeit' }) call!: string;
  @Field() by!: string;
  @Field(() => BidView, { nullable: true }) bid!: BidView | null;
  @Field(() => Int, { nullable: true }) count!: number | null;
  @Field(() => Boolean, { nullable: true }) holds!: boolean | null;
  @Field(() => [String]) losers!: string[];
  @Field(() => [ShotView]) shots!: ShotView[];
  @Field(() => [String]) eliminated!: string[];
}

@ObjectType('RevealedRound', { description: 'A finished round, every hand shown.' })
export class RevealedRoundView extends RoundView {
  @Field(() => [HandView]) hands!: HandView[];
  @Field(() => RoundEndView, { nullable: true }) end!: RoundEndView | null;
}

@ObjectType('Action')
export class ActionView {
  @Field({ description: 'bid, liar or spot-on' }) type!: string;
  @Field(() => Int, { nullable: true }) quantity!: number | null;
  @Field(() => Int, { nullable: true }) face!: number | null;
}

@ObjectType('LobbyClosing', { description: 'Why a lobby was closed before it started, and by whom.' })
export class LobbyClosingView {
  @Field({ description: 'empty: the last seated player left it; cancelled: its host (or an admin) closed it; expired: nobody joined, left or started it for idleSeconds.' })
  reason!: string;
  @Field(() => String, { nullable: true, description: 'The account name: the last to leave (empty) or who closed it (cancelled); null when it expired.' })
  by!: string | null;
  @Field(() => Int, { nullable: true, description: "expired only: how long (seconds) the lobby had to sit idle to expire: its host's choice capped by the server's LOBBY_IDLE_MAX_SECONDS, or the default LOBBY_IDLE_SECONDS, then." })
  idleSeconds!: number | null;
  @Field(() => String, { nullable: true, description: 'expired only: when (ISO-8601) its last command was committed, from which it sat idle.' })
  idleSince!: string | null;
}

@ObjectType('LobbyIdleTimes', { description: 'What a host may choose as a new lobby\'s idle time (createMatch lobbyIdleSeconds).' })
export class LobbyIdleTimesView {
  @Field(() => Int, { nullable: true, description: "The server's default (LOBBY_IDLE_SECONDS): a lobby whose host chose none expires after this long. Null: such a lobby never expires." })
  defaultSeconds!: number | null;
  @Field(() => Int, { description: "The longest a host may choose (LOBBY_IDLE_MAX_SECONDS): a day unless the operator set it, never below the default." })
  maxSeconds!: number;
}

@ObjectType('MatchView', { description: "One caller's view of a match: only their own dice before the reveal." })
export class MatchView {
  @Field(() => ID) id!: string;
  @Field() ruleset!: string;
  @Field({ description: 'regular, practice or tutorial' }) kind!: string;
  @Field() ranked!: boolean;
  @Field({ description: 'lobby, awaiting-roll, bidding, resolving or finished; closed for a lobby closed before it started (final: `closing` says why)' }) status!: string;
  @Field(() => LobbyClosingView, { nullable: true, description: 'Status closed only: why the lobby was closed and by whom.' }) closing!: LobbyClosingView | null;
  @Field(() => Float, {
    nullable: true,
    description:
      'Status lobby only: when (milliseconds since the epoch) this lobby expires unless someone joins, leaves or starts it first (the store commit time of its last command plus lobbyIdleSeconds; any command sets a new time). Null when it never expires: a tournament table, a server with LOBBY_IDLE_SECONDS=0 and no idle time chosen, or not a waiting lobby.',
  })
  lobbyExpiresAt!: number | null;
  @Field(() => Int, {
    nullable: true,
    description:
      "Status lobby only: how long (seconds) this lobby may sit idle before it expires: the idle time its host chose at creation, capped by the server's LOBBY_IDLE_MAX_SECONDS, or the default LOBBY_IDLE_SECONDS. Null when it never expires (as lobbyExpiresAt).",
  })
  lobbyIdleSeconds!: number | null;
  @Field({ description: 'Stream revision this view was built at.' }) revision!: string;
  @Field(() => Float, {
    nullable: true,
    description:
      'When the store committed the command behind this revision, in milliseconds since the epoch (sub-millisecond when this server appended it: the moment the store acknowledged it); null when unknown.',
  })
  committedAt!: number | null;
  @Field() host!: string;
  @Field(() => MatchOptionsView) options!: MatchOptionsView;
  @Field(() => [SeatView]) seats!: SeatView[];
  @Field(() => String, { nullable: true, description: "The caller's seat; null for spectators." }) me!: string | null;
  @Field(() => [Int]) myDice!: number[];
  @Field(() => RoundView, { nullable: true }) round!: RoundView | null;
  @Field(() => [RevealedRoundView]) history!: RevealedRoundView[];
  @Field(() => String, { nullable: true }) toAct!: string | null;
  @Field(() => Float, { nullable: true, description: 'Milliseconds since the epoch.' }) turnDeadline!: number | null;
  @Field(() => String, { nullable: true }) winner!: string | null;
  @Field(() => [[String]], { nullable: true }) placements!: string[][] | null;
  @Field(() => [ActionView], { description: "The caller's legal moves now." }) legalActions!: ActionView[];
  @Field({ description: "SHA-256 of the match's secret seed, published before the first roll." }) commitment!: string;
  @Field(() => String, { nullable: true, description: 'The seed, revealed once the match is finished.' }) seed!: string | null;
}
