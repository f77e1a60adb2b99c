import type { TestPlayer, TestView } from './player';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls each seated player's view over HTTP and plays whoever must act, until the match is finished. */
export async function playOut(matchId: string, players: readonly TestPlayer[], options: { viaSocket?: (p: TestPlayer) => boolean; maxSteps?: number } = {}): Promise<TestView> {
  for (let step = 0; step < (options.maxSteps ?? 2000); step++) {
    // One look to see whose turn it is, then that player's own view to act on.
    const table = await (players[0] as TestPlayer).view(matchId);
    if (table.status === 'finished') return table;
    const seated = table.seats.find((seat) => seat.seat === table.toAct)?.player;
    // A seat handed to a CPU has no player: the bot driver plays it.
    const player = players.find((p) => p.name === seated);
    const acted = player ? await playIfOnTurn(player, player === players[0] ? table : await player.view(matchId), options.viaSocket?.(player) ?? false) : false;
    if (!acted) await sleep(5);
  }
  throw new Error(`match ${matchId} did not finish`);
}

async function playIfOnTurn(player: TestPlayer, view: TestView, viaSocket: boolean): Promise<boolean> {
  if (view.me === null || view.toAct !== view.me) return false;
  const result = await player.act(view, viaSocket);
  if (result.errors) throw new Error(`${player.name}: ${JSON.stringify(result.errors)}`);
  return true;
}
