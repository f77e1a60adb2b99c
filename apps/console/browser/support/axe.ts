import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: { readonly target: unknown[] }[];
}

/**
 * axe-core on the page at rest: the serious and critical violations, as readable lines. A hand fading in (the
 * reveal, 420 ms) has no contrast yet, and on a live match a new reveal can start while axe runs (a CPU seat
 * moves): so the page runs with reduced motion (the console's own path, where reveals do not animate) and its
 * remaining finite animations are awaited first.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    return await violationsAtRest(page);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

async function violationsAtRest(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
}
