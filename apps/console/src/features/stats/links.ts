/** A player's statistics page for analysts (the name shown until the page has its own). */
export const statsProfileHref = (player: string, name: string) =>
  `/stats/players/${encodeURIComponent(player)}?name=${encodeURIComponent(name)}`;
