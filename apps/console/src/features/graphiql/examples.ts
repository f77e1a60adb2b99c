/**
 * The example queries GraphiQL opens with, one tab each: the analysts' questions the API answers today (player
 * and global statistics, ratings, matches). Each is validated against docs/schema.graphql (examples.spec.ts).
 * `player` is the signed-in account (an account id from the leaderboard otherwise).
 */
export interface Example {
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>>;
}

export function examples(player: string | null): Example[] {
  const someone = player ?? 'an-account-id-from-the-leaderboard';
  return [
    {
      query: `# A player's statistics per family ("all" for every family): ranked regular matches only.
query PlayerStats($player: ID!, $family: String) {
  playerStats(player: $player, family: $family) {
    family
    matches
    wins
    averagePlace
    placements
    bids
    bluffRate
    challenges
    challengesWon
    spotOnCalls
    spotOnAccuracy
    shots
    revolverSurvival
    diceLost
  }
}
`,
      variables: { player: someone },
    },
    {
      query: `# The whole population's statistics per family and table size ("all" for totals).
query GlobalStats($family: String) {
  globalStats(family: $family) {
    family
    tableSize
    matches
    rounds
    openingBidHoldRate
    liarCallSuccessRate
    spotOnSuccessRate
    fatalShotRate
    timeouts
  }
}
`,
      variables: { family: 'perudo' },
    },
    {
      query: `# A family's ranked ladder, then one player's rating after each ranked result.
query Ratings($family: String!, $player: ID!) {
  leaderboard(family: $family, first: 10) {
    nodes {
      player
      name
      rating
      matches
      mu
      sigma
    }
    endCursor
    hasNextPage
  }
  ratingHistory(player: $player, family: $family, first: 20) {
    nodes {
      matchId
      at
      place
      before
      after
    }
  }
}
`,
      variables: { family: 'perudo', player: someone },
    },
    {
      query: `# Finished ranked matches, newest first (pass endCursor as after for the next page).
query Matches($filter: MatchFilter, $after: String) {
  matches(filter: $filter, first: 20, after: $after) {
    nodes {
      id
      family
      kind
      ranked
      status
      players
      winner
      rounds
      openedAt
      finishedAt
    }
    endCursor
    hasNextPage
  }
}
`,
      variables: { filter: { status: 'FINISHED', ranked: true } },
    },
  ];
}
