/** The tournament documents the e2e tests send: the whole view, so a leak anywhere in it would show. */
export const TOURNAMENT_FIELDS = `
  id name organiser organiserId family format ranked status capacity entrants startsAt currentRound winner
  options { startingDice wildOnes spotOn palifico bullets turnSeconds }
  minTableSize maxTableSize swissRounds finalTableSize advancePerTable registrationOpensAt registrationClosesAt checkInOpensAt
  checkInMinutes lateRegistrationUntilRound autoPublish createdAt startedAt endedAt fairnessCommitment seed revision
  players { id name kind difficulty status checkedIn late firstRound leftInRound lot }
  me { id status checkedIn }
  rounds { round stage status advancing tables { table status matchId voided replayed players { id name kind } results { player place points outcome } } }
`;

export interface TournamentShape {
  readonly id: string;
  readonly status: string;
  readonly organiser: string;
  readonly format: string;
  readonly winner: string | null;
  readonly seed: string | null;
  readonly revision: string;
  readonly players: { id: string; name: string; status: string; leftInRound: number | null; lot: number }[];
  readonly rounds: { round: number; stage: string; status: string; tables: { table: number; matchId: string | null; players: { id: string; name: string }[] }[] }[];
}

export const CREATE_TOURNAMENT = `mutation($input: CreateTournamentInput!) { createTournament(input: $input) { ${TOURNAMENT_FIELDS} } }`;
export const REGISTER_TOURNAMENT = `mutation($input: RegisterForTournamentInput!) { registerForTournament(input: $input) { id entrants } }`;
export const CHECK_IN = `mutation($input: EntrantCommandInput!) { checkIn(input: $input) { id me { checkedIn } } }`;
export const WITHDRAW = `mutation($input: EntrantCommandInput!) { withdraw(input: $input) { id me { status } } }`;
export const PUBLISH = `mutation($input: PublishSeatingInput!) { publishSeating(input: $input) { id rounds { round status } } }`;
export const START_TOURNAMENT = `mutation($input: TournamentCommandInput!) { startTournament(input: $input) { id status } }`;
export const DISQUALIFY = `mutation($input: DisqualifyInput!) { disqualify(input: $input) { id status } }`;
export const TOURNAMENT = `query($id: ID!) { tournament(id: $id) { ${TOURNAMENT_FIELDS} } }`;
export const TOURNAMENT_LIST_UPDATED = 'subscription { tournamentListUpdated { id name status entrants capacity currentRound winner } }';
export const TOURNAMENTS = `query($filter: TournamentFilter, $first: Int, $after: String) { tournaments(filter: $filter, first: $first, after: $after) { nodes { id name status entrants winner } endCursor hasNextPage } }`;
export const STANDINGS = `query($tournamentId: ID!) { standings(tournamentId: $tournamentId) { rank player name kind status points opponentsAverage opponentsMet headToHead lot finalPlace reachedRound decidedBy comparedWith explanation tables { round table stage place size points outcome counted } } }`;
export const TOURNAMENT_ROUND = `query($tournamentId: ID!, $round: Int!) { tournamentRound(tournamentId: $tournamentId, round: $round) { round stage status advancing tables { table status matchId players { id name } } } }`;
export const VERIFY_TOURNAMENT = `query($id: ID!) { verifyTournament(id: $id) { tournamentId verified commitmentMatches lotsChecked seatingsChecked seed commitment discrepancies { event what } matches { matchId verified rollsChecked shotsChecked problem } } }`;
export const TOURNAMENT_UPDATED = `subscription($id: ID!) { tournamentUpdated(id: $id) { ${TOURNAMENT_FIELDS} } }`;
