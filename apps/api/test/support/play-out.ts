import type { TestPlayer, TestView } from './player';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls each seated player's view over HTTP and plays whoever must act, until the match is finished. */
export async function playOut(matchId: string, players: readonly TestPlayer[], options: { viaSocket?: (p: TestPlayer) => boolean; maxSteps?: number } = {}): Promise<TestView> {
  for (let step = 0; step < (options.maxSteps ?? 2000); step++) {
    let acted = false;
    for (const player of players) {
      const view = await player.view(matchId);
      if (view.status === 'finished') return view;
      acted = (await playIfOnTurn(player, view, options.viaSocket?.(player) ?? false)) || acted;
    }
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
