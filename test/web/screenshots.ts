/**
 * The screenshots of docs/web.md, taken in headless Chromium (Debian's chromium, playwright-core)
 * from the app built from the sources: a game on a desktop and on a phone, the end of a won game,
 * the statistics. Games are real: dealt, played by the solver's line or the hint order, won or left.
 *
 *     npx tsx test/web/screenshots.ts     (writes docs/web-game.png, web-phone.png, web-end.png, web-stats.png)
 */
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { dealFromSeed } from '../../src/deals/families.ts';
import { dealPosition } from '../../src/engine/position.ts';
import { PriorityPolicy } from '../../src/hidden/policy-priority.ts';
import { solve } from '../../src/solver/index.ts';
import type { Rules } from '../../src/types.ts';
import { GAME_KEY, PlayedGame } from '../../web/src/played-game.ts';
import { buildApp, launch, outputDir } from '../support/web-harness.ts';

const D3: Rules = { draw: 3, passes: null, foundationReturn: true };
const docs = resolve('docs');

function game(seed: number): PlayedGame {
  const d = dealFromSeed(seed, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  return new PlayedGame(dealPosition(d.value), D3, { family: 'solvitaire', seed: String(seed) });
}

/** Solvitaire `seed` after `n` moves of the hint order. */
function hinted(seed: number, n: number): PlayedGame {
  const g = game(seed);
  const policy = new PriorityPolicy();
  for (let k = 0; k < n; k++) {
    const m = policy.decide(g.observe()).move;
    if (!m) break;
    g.play(m);
  }
  return g;
}

async function load(page: Page, g: PlayedGame): Promise<void> {
  await page.evaluate(
    ([k, v]) => {
      localStorage.setItem(k, v);
      history.replaceState(null, '', location.pathname);
    },
    [GAME_KEY, JSON.stringify(g.toRecord())],
  );
  await page.reload();
  await page.waitForSelector('#panel-play:not([hidden])');
}

const dist = join(outputDir(), 'docs-app');
await buildApp(dist);
for (const [name, options] of [
  ['web-game', { viewport: { width: 1280, height: 800 } }],
  ['web-phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  const b = await launch(dist, options);
  const page = await b.ctx.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(b.url);
  await load(page, hinted(42, 30));
  await page.click('#p-hint');
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: join(docs, `${name}.png`) });
  await b.close();
}

const b = await launch(dist, { viewport: { width: 1280, height: 800 } });
const page = await b.ctx.newPage();
await page.emulateMedia({ reducedMotion: 'reduce' });
await page.goto(b.url);
// a win: Solvitaire 42 three moves from the end of the solver's line, the cards going home by themselves
const won = game(42);
for (const m of solve(won.start, D3).moves.slice(0, -3)) won.play(m);
won.clockMs = 251_000;
await load(page, won);
await page.waitForSelector('#p-watch', { timeout: 60_000 });
await page.screenshot({ path: join(docs, 'web-end.png') });
// two games left after a few moves (the second in Vegas), then the statistics
await load(page, hinted(7, 20));
await page.selectOption('#p-scoring', 'vegas');
await page.click('#p-new');
await page.keyboard.press('d');
await page.selectOption('#p-scoring', 'standard');
await page.click('#p-new');
await page.click('#tab-stats');
await page.waitForFunction(() => [...document.querySelectorAll('td[data-stat="waiting"]')].every((t) => t.textContent === '0'), undefined, {
  timeout: 120_000,
});
await page.screenshot({ path: join(docs, 'web-stats.png'), fullPage: true });
await b.close();
console.log('docs/web-game.png, web-phone.png, web-end.png, web-stats.png written');
