import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { openBrowser, shows, signInAs, subscribed, type Browser } from './support/browser';
import { commandId, fileDispute, finishedRankedMatch, graphql, newAccount, newAccountWithRole, type SignedIn, startedMatchAgainstCpus } from './support/api';
import { screenshot } from './support/screenshots';

let player: Browser;
let moderator: Browser;
let ann: SignedIn;
let bob: SignedIn;
let mia: SignedIn;
let max: SignedIn;
let matchId = '';
let disputeId = '';

beforeAll(async () => {
  [ann, bob, mia, max] = await Promise.all([
    newAccount('ann'),
    newAccount('bob'),
    newAccountWithRole('mia', 'MODERATOR'),
    newAccountWithRole('max', 'MODERATOR'),
  ]);
  matchId = await finishedRankedMatch(ann, bob);
  [player, moderator] = await Promise.all([openBrowser(), openBrowser({ colorScheme: 'dark' })]);
  await signInAs(player, ann);
  await signInAs(moderator, mia);
});
afterAll(() => Promise.all([player?.close(), moderator?.close()]));

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
}

/** One player's box for one kind of sanction in the ruling form (several may be ticked). */
const sanctionBox = (page: Page, name: string, kind: string) => page.getByRole('group', { name: `Sanctions for ${name}` }).getByLabel(kind, { exact: true });

/** Another moderator's command through the API (the claim and appeal rules need two moderators). */
const maxDoes = (name: string, type: string, input: Record<string, unknown>) =>
  graphql(`mutation($i: ${type}!) { ${name}(input: $i) { id } }`, { i: { commandId: commandId(), ...input } }, max.token);

describe('given a player of a finished match, when they file a dispute from its replay', () => {
  it('then the dispute is filed about the step on screen, and their disputes page shows it open', async () => {
    const { page } = player;
    await page.goto(`/matches/${matchId}/replay?step=1`);
    await page.getByText('Report a problem with this match').click();
    await page.getByLabel('Category').selectOption('STALLING');
    await page.getByLabel(/^What happened/).fill('Left the table right after the start.');
    await page.getByLabel('About step 2 (the one on screen)').check();
    await page.getByRole('button', { name: 'File the dispute' }).click();
    await shows(page, page.getByRole('status').filter({ hasText: /^Dispute .* filed/ }));
    disputeId = `${matchId}.1`;
    await page.goto('/disputes');
    await shows(page, page.getByText(disputeId));
    await page.getByText('open', { exact: true }).waitFor();
    await expectAccessible(page, 'my disputes');
  });
});

describe('given a moderator on the queue, when disputes are filed and ruled', () => {
  it('then the queue shows each dispute by score with its terms, and a new filing arrives live', async () => {
    const { page } = moderator;
    const listening = subscribed(page, 'ModerationUpdated');
    await page.goto('/moderation');
    await shows(page, page.getByRole('link', { name: disputeId }));
    // A filing made before the page's subscription reaches the server is read by the next poll, not pushed.
    await listening;
    await page.getByText('base +10').first().waitFor();
    const other = await finishedRankedMatch(bob, ann);
    await fileDispute(bob, other, [0]);
    await shows(page, page.getByRole('link', { name: `${other}.1` }), 15_000);
    await expectAccessible(page, 'moderation queue');
    await screenshot(page, 'moderation-queue-dark');
  });

  it('then the dispute page embeds the replay at the disputed step with every hand (keyboard-operable), claims, takes a note and a ruling', async () => {
    const { page } = moderator;
    await page.getByRole('link', { name: disputeId }).click();
    await shows(page, page.getByRole('heading', { name: `Dispute ${disputeId}` }));
    // The replay is in the page, at the filing's step, in the every-hand view the server grants for a finished match
    const embedded = page.getByRole('region', { name: /^Replay — / });
    await shows(page, embedded.getByText(/^Step 2 of \d+$/));
    expect(await embedded.getByLabel('View').inputValue()).toBe('full');
    expect(await embedded.locator('p.problem').count()).toBe(0);
    // Its keys work while it has focus; elsewhere on the page (a note being typed) they do not step it
    await embedded.focus();
    await page.keyboard.press('ArrowRight');
    await shows(page, embedded.getByText(/^Step 3 of \d+$/));
    await page.keyboard.press('ArrowLeft');
    await shows(page, embedded.getByText(/^Step 2 of \d+$/));
    expect(new URL(page.url()).search).toBe('');
    await embedded.scrollIntoViewIfNeeded();
    await screenshot(page, 'moderation-dispute-replay-dark');
    const replay = page.getByRole('link', { name: 'Replay the match at step 2, every hand shown' });
    expect(await replay.getAttribute('href')).toBe(`/matches/${matchId}/replay?view=full&step=1`);
    await page.getByRole('button', { name: 'Claim' }).click();
    await shows(page, page.getByText(`Held by ${mia.account.name}.`));
    await page.getByLabel('New note').fill('Bob left one second after the start.');
    await page.getByLabel('New note').press('ArrowLeft');
    await shows(page, embedded.getByText(/^Step 2 of \d+$/));
    await page.getByRole('button', { name: 'Add note' }).click();
    await shows(page, page.getByText('Bob left one second after the start.').first());
    await page.getByLabel('Sanction', { exact: true }).check();
    await page.getByRole('button', { name: 'Rule', exact: true }).click();
    await shows(page, page.getByText('Give a reason: every ruling has one.'));
    await sanctionBox(page, bob.account.name, 'warning').check();
    await page.getByLabel(/^Reason \(required/).fill('Leaving at once to spoil the opponent’s rated match.');
    await page.getByRole('button', { name: 'Rule', exact: true }).click();
    await shows(page, page.getByRole('heading', { name: 'Ruling' }));
    await expectAccessible(page, 'dispute');
    await screenshot(page, 'moderation-dispute-dark');
    await replay.click();
    await page.waitForURL(`**/matches/${matchId}/replay?view=full&step=1`);
    await shows(page, page.getByText(/^Step 2 of \d+/).first());
    // No refusal: the server grants a moderator every hand of a finished match (Next's route announcer is an alert too).
    expect(await page.locator('p.problem').count()).toBe(0);
  });

  it('then an appeal waits for a different moderator: the ruling one is refused with SAME_MODERATOR, another decides', async () => {
    await graphql('mutation($i: AppealRulingInput!) { appealRuling(input: $i) { status } }', { i: { commandId: commandId(), disputeId, text: 'I lost my connection.' } }, bob.token);
    const { page } = moderator;
    await page.goto(`/moderation/disputes/${encodeURIComponent(disputeId)}`);
    await shows(page, page.getByText(/An appeal is decided by a moderator other than/));
    await page.getByLabel('Reason for the decision').fill('It stands.');
    await page.getByRole('button', { name: 'Uphold the ruling' }).click();
    await shows(page, page.getByRole('alert').getByText('A different moderator must do this:'));
    await maxDoes('decideAppeal', 'DecideAppealInput', { disputeId, decision: 'OVERTURNED', reason: 'Connection logs confirm a drop.' });
    await shows(page, page.getByText('Overturned', { exact: true }), 15_000);
  });

  it('then a dispute another moderator holds is refused with ALREADY_CLAIMED, and a live match gives NOT_FINISHED', async () => {
    const other = await finishedRankedMatch(ann, bob);
    const second = await fileDispute(ann, other);
    await maxDoes('claimDispute', 'ClaimDisputeInput', { disputeId: second });
    const { page } = moderator;
    await page.goto(`/moderation/disputes/${encodeURIComponent(second)}`);
    await shows(page, page.getByText(`Held by ${max.account.name}.`));
    await page.getByRole('button', { name: 'Claim' }).click();
    await shows(page, page.getByRole('alert').getByText('Another moderator already holds this dispute:'));
    const live = await startedMatchAgainstCpus(ann.token, 1);
    await page.goto(`/matches/${live}/replay?view=full`);
    await shows(page, page.getByRole('alert').getByText('The match is not finished yet:'));
  });

  it('then sanctions are listed and lifted with a reason, the log records every action, and pairs are ranked', async () => {
    const { page } = moderator;
    const lifting = await finishedRankedMatch(ann, bob);
    const third = await fileDispute(ann, lifting);
    await maxDoes('claimDispute', 'ClaimDisputeInput', { disputeId: third });
    await maxDoes('ruleDispute', 'RuleDisputeInput', { disputeId: third, action: 'WARN', reason: 'Warned.', sanctions: [{ account: bob.account.id, kind: 'WARNING' }] });
    await page.goto('/moderation/sanctions');
    await page.getByLabel('Only sanctions in force').check();
    const lift = page.getByRole('button', { name: `Lift the sanction of ${bob.account.name}` }).first();
    await shows(page, lift);
    await page.getByLabel('Reason to lift').first().fill('Issued in error.');
    await lift.click();
    await page.getByLabel('Only sanctions in force').uncheck();
    await shows(page, page.getByText(/^Lifted by /).first());
    await expectAccessible(page, 'sanctions');
    await screenshot(page, 'moderation-sanctions-dark');
    await page.getByRole('link', { name: 'Log' }).click();
    await shows(page, page.getByRole('cell', { name: 'lifted sanction' }).first());
    await expectAccessible(page, 'moderation log');
    await screenshot(page, 'moderation-log-dark');
    await page.getByRole('link', { name: 'Pairs' }).click();
    await shows(page, page.getByRole('row').filter({ hasText: ann.account.name }).filter({ hasText: bob.account.name }));
    await expectAccessible(page, 'suspicious pairs');
  });
});

describe('given a ruling that bans, when the API asks for a second moderator', () => {
  it('then a ruling of several sanctions waits, its moderator is refused the confirmation (SAME_MODERATOR), another confirms it live', async () => {
    const banned = await finishedRankedMatch(ann, bob);
    const fourth = await fileDispute(ann, banned);
    const { page } = moderator;
    await page.goto(`/moderation/disputes/${encodeURIComponent(fourth)}`);
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.getByLabel('Sanction', { exact: true }).check();
    // Several sanctions for one player in one ruling: a ban with its days, a collusion mark and a warning
    await sanctionBox(page, bob.account.name, 'ranked ban').check();
    await page.getByLabel('Days').fill('7');
    await sanctionBox(page, bob.account.name, 'collusion mark').check();
    await sanctionBox(page, bob.account.name, 'warning').check();
    await page.getByLabel(/^Reason \(required/).fill('Repeated forfeits.');
    await page.getByRole('button', { name: 'Rule', exact: true }).click();
    await shows(page, page.getByText(/takes effect only when a different moderator confirms it/));
    for (const order of ['ranked ban (7 days)', 'collusion mark', 'warning']) await shows(page, page.getByRole('listitem').filter({ hasText: `${bob.account.name}: ${order}` }));
    await page.getByRole('button', { name: 'Confirm the ruling' }).click();
    await shows(page, page.getByRole('alert').getByText('A different moderator must do this:'));
    await maxDoes('confirmRuling', 'DisputeCommandInput', { disputeId: fourth });
    await shows(page, page.getByText(`Confirmed by ${max.account.name}.`), 15_000);
  });
});

describe('given a dispute page whose live socket is slow to connect', () => {
  it('when another moderator claims the dispute before the socket is up, then the page shows the claim once it is', async () => {
    const [cy, dee] = await Promise.all([newAccount('cy'), newAccount('dee')]);
    const other = await fileDispute(cy, await finishedRankedMatch(cy, dee));
    const page = await moderator.context.newPage();
    // The socket's first message waits until the claim is made: the subscription then starts after the change.
    let release: () => void = () => undefined;
    const claimed = new Promise<void>((resolve) => (release = resolve));
    await page.routeWebSocket(/\/graphql$/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage(async (message) => {
        if (String(message).includes('connection_init')) await claimed;
        server.send(message);
      });
    });
    try {
      await page.goto(`/moderation/disputes/${encodeURIComponent(other)}`);
      await shows(page, page.getByRole('button', { name: 'Claim' }));
      await maxDoes('claimDispute', 'ClaimDisputeInput', { disputeId: other });
      release();
      await shows(page, page.getByText(`Held by ${max.account.name}.`), 15_000);
    } finally {
      await page.close();
    }
  });
});

describe('given the player after the ruling, when they open their disputes', () => {
  it('then they see the outcome and no moderator link; the queue is refused to them', async () => {
    const { page } = player;
    await page.goto('/disputes');
    await shows(page, page.getByText(/^Ruling: Warn\./).first());
    expect(await page.getByRole('link', { name: 'Moderation' }).count()).toBe(0);
    // The filer is not touched by a warning to the other player: no appeal is offered to her.
    expect(await page.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
    await screenshot(page, 'my-disputes');
    await page.goto('/moderation');
    await shows(page, page.getByRole('alert').getByText('Not allowed:'));
  });
});
