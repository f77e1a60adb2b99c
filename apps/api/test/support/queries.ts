/** The GraphQL documents the e2e tests send: the full view, so a leak anywhere in it would show. */
export const VIEW_FIELDS = `
  id ruleset kind ranked status revision host me myDice toAct turnDeadline winner placements commitment seed
  options { startingDice wildOnes spotOn palifico bullets turnSeconds }
  seats { seat kind difficulty player name handedToCpu previous { kind player } dice bullets out }
  round { number starter palifico bids { by quantity face } }
  history { number starter palifico bids { by quantity face } hands { seat dice } end { call by count holds losers eliminated shots { player bullets chamber fatal } } }
  legalActions { type quantity face }
`;

export const REGISTER = `mutation($name: String!, $password: String!) { register(input: { name: $name, password: $password }) { token account { id name role } } }`;
export const SIGN_IN = `mutation($name: String!, $password: String!) { signIn(input: { name: $name, password: $password }) { token account { id name role } } }`;
export const CLAIM_ADMIN = `mutation($token: String!) { claimAdmin(token: $token) { name role } }`;
export const ME = `{ me { id name role } }`;
export const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { ${VIEW_FIELDS} } }`;
export const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { ${VIEW_FIELDS} } }`;
export const START = `mutation($input: MatchCommandInput!) { startMatch(input: $input) { ${VIEW_FIELDS} } }`;
export const BID = `mutation($input: PlaceBidInput!) { placeBid(input: $input) { ${VIEW_FIELDS} } }`;
export const LIAR = `mutation($input: MatchCommandInput!) { callLiar(input: $input) { ${VIEW_FIELDS} } }`;
export const SPOT_ON = `mutation($input: MatchCommandInput!) { callSpotOn(input: $input) { ${VIEW_FIELDS} } }`;
export const LEAVE = `mutation($input: MatchCommandInput!) { leaveMatch(input: $input) { ${VIEW_FIELDS} } }`;
export const MATCH = `query($id: ID!) { match(id: $id) { ${VIEW_FIELDS} } }`;
export const MATCHES = `query($filter: MatchFilter, $first: Int, $after: String) { matches(filter: $filter, first: $first, after: $after) { nodes { id status family kind players freeSeats winner } endCursor hasNextPage } }`;
export const VERIFY = `query($id: ID!) { verifyMatch(id: $id) { matchId verified commitmentMatches rollsChecked shotsChecked discrepancies { event what } seed commitment } }`;
export const UPDATED = `subscription($id: ID!) { matchUpdated(id: $id) { ${VIEW_FIELDS} } }`;
