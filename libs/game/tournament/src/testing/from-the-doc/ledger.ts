/*
 * What an outsider keeps while reading a tournament's events, as docs/tournaments.md ("Recomputing a seating",
 * step 1) lists it. Written from the doc alone: the events are read as plain JSON records.
 */

export interface EventRecord {
  readonly type: string;
  readonly data: unknown;
}

export interface Result {
  readonly player: string;
  readonly place: number;
  readonly points: number;
  readonly outcome: string;
}

export interface Table {
  readonly players: readonly string[];
  results: readonly Result[] | null;
  voided: boolean;
}

export interface Round {
  readonly round: number;
  readonly stage: string;
  published: boolean;
  completed: boolean;
  readonly tables: Table[];
}

export interface Player {
  status: string;
  readonly lot: number;
}

export interface Settings {
  readonly tournamentId: string;
  readonly format: string;
  readonly rounds: number;
  readonly finalTableSize: number;
  readonly tableSize: { readonly max: number };
}

export interface Ledger {
  readonly settings: Settings;
  started: boolean;
  readonly players: Map<string, Player>;
  rounds: Round[];
}

/** A table counts toward points and tie-breaks when it has results and is not voided. */
export const counts = (table: Table): table is Table & { results: readonly Result[] } =>
  table.results !== null && !table.voided;

/** The tables of every published round, oldest first. */
export const publishedTables = (ledger: Ledger): Table[] =>
  ledger.rounds.filter((round) => round.published).flatMap((round) => round.tables);

export function newLedger(created: EventRecord): Ledger {
  const { config } = created.data as { config: Settings };
  return { settings: config, started: false, players: new Map(), rounds: [] };
}

/** Reads one more event into the ledger. */
export function read(ledger: Ledger, event: EventRecord): void {
  const data = event.data as { [field: string]: unknown };
  const player = ledger.players.get(data['player'] as string);
  const setStatus = (id: string, status: string) =>
    void (ledger.players.get(id) && ((ledger.players.get(id) as Player).status = status));
  switch (event.type) {
    case 'PlayerRegistered':
      ledger.players.set(data['player'] as string, {
        status: data['late'] ? 'active' : 'registered',
        lot: data['lot'] as number,
      });
      return;
    case 'PlayerWithdrew':
      if (!ledger.started) ledger.players.delete(data['player'] as string);
      else if (player) player.status = 'withdrawn';
      return;
    case 'PlayerDisqualified':
      if (player) player.status = 'disqualified';
      return;
    case 'PlayerReinstated':
      if (player) player.status = ledger.started ? 'active' : 'registered';
      return;
    case 'TournamentStarted':
      return start(ledger, data['players'] as string[]);
    case 'TableFinished':
      for (const result of data['results'] as Result[])
        if (result.outcome === 'absent') setStatus(result.player, 'no-show');
      return readTable(ledger, event.type, data);
    case 'RoundCompleted':
      for (const id of data['eliminated'] as string[]) setStatus(id, 'eliminated');
      return readRound(ledger, event.type, data);
    default:
      return event.type.startsWith('Table')
        ? readTable(ledger, event.type, data)
        : readRound(ledger, event.type, data);
  }
}

function start(ledger: Ledger, starting: readonly string[]): void {
  ledger.started = true;
  for (const [id, player] of ledger.players) {
    if (starting.includes(id)) player.status = 'active';
    else if (player.status !== 'disqualified') ledger.players.delete(id);
  }
}

function readRound(ledger: Ledger, type: string, data: { [field: string]: unknown }): void {
  const number = data['round'] as number;
  const round = ledger.rounds.find((r) => r.round === number);
  if (type === 'SeatingDrafted') {
    const tables = (data['tables'] as { players: string[] }[]).map((t) => ({
      players: [...t.players],
      results: null,
      voided: false,
    }));
    ledger.rounds.push({
      round: number,
      stage: data['stage'] as string,
      published: false,
      completed: false,
      tables,
    });
  }
  if (type === 'SeatingDraftDiscarded')
    ledger.rounds = ledger.rounds.filter((r) => r.round !== number || r.published);
  if (type === 'SeatingPublished' && round) round.published = true;
  if (type === 'RoundCompleted' && round) round.completed = true;
}

function readTable(ledger: Ledger, type: string, data: { [field: string]: unknown }): void {
  const table = ledger.rounds.find((r) => r.round === data['round'])?.tables[(data['table'] as number) - 1];
  if (!table) return;
  if (type === 'TableFinished') {
    table.results = data['results'] as Result[];
    table.voided = false;
  }
  if (type === 'TableVoided' && data['rule'] === 'replay') {
    table.results = null;
    table.voided = false;
  }
  if (type === 'TableVoided' && data['rule'] === 'points-removed') table.voided = true;
  if (type === 'TableRestored' && table.results !== null) table.voided = false;
}
