/**
 * The end of a game decided in the solver's worker, in headless Chromium. After each move the page
 * checks at once, within `QUICK_PROGRESS_BUDGET` positions, whether a card can still turn or go home
 * (src/engine/progress.ts); when that check runs out of budget, the worker searches on, within
 * `PROGRESS_BUDGET`, and the page says "No moves left" only when the worker proves that nothing can
 * (the board's `data-end`: `checking` while it searches, then `stuck`, `playing` or, out of the
 * worker's budget, `unproved`).
 *
 * The positions are built so that the quick check cannot decide them: stock cards (draw 1, so each
 * can be played) that build down in alternate colours on two black nines, in more orders than the
 * quick check can visit, while every ace, the red tens and the red queens and kings lie face down
 * and the seven face-up tops fit nowhere:
 * - stuck: nothing the stock builds lets a top move; proved in the worker, the end panel shows;
 * - open: one top, the 3♣, moves once the stock has built 8♥ 7♣ 6♥ 5♣ 4♥ on a nine, and turns
 *   the card under it: proved open in the worker, nothing is said (nor at Solvitaire 4's first
 *   position, which the quick check already proves open);
 * - out of budget: more stock cards than the worker's search can go through (the worker answers
 *   that its budget ran out, `unproved`, not that it failed): nothing is said.
 *
 * Needs Debian's chromium (/usr/bin/chromium): without it the tests are skipped with a message.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Position } from '../../src/engine/position.ts';
import { QUICK_PROGRESS_BUDGET } from '../../src/engine/progress.ts';
import type { Rules } from '../../src/types.ts';
import { GAME_KEY, PlayedGame } from '../../web/src/played-game.ts';
import { build } from '../support/positions.ts';
import { SLOW, heavyTests } from '../support/slow.ts';
import { type Browser, CHROMIUM_HINT, closeShared, haveChromium, openContext, outputDir } from '../support/web-harness.ts';

if (!haveChromium) console.warn(`web stuck.test.ts: SKIPPED: ${CHROMIUM_HINT}`);

// the worker proves each end with up to 300,000 positions: seconds idle, minutes on a busy machine
heavyTests();

const D1: Rules = { draw: 1, passes: null, foundationReturn: true };
/** Stock cards that build down on a black nine, and on a black queen. */
const ON_NINES = ['8h', '8d', '7c', '7s', '6h', '6d', '5c', '5s', '4h', '4d', '3c', '3s', '2h', '2d'];
const ON_QUEENS = ['Jh', 'Jd', 'Tc', 'Ts', '9h', '9d', '8c', '8s', '7h', '7d'];

/** The seven tops (the last one given), the stock, and every other card face down under the tops. */
function position(last: string, stock: string[]): Position {
  const tops = ['9c', '9s', 'Jc', 'Js', 'Qc', 'Qs', last];
  const down: string[] = [];
  for (const r of 'A23456789TJQK') for (const s of 'cdhs') if (!tops.includes(r + s) && !stock.includes(r + s)) down.push(r + s);
  const piles = tops.map((t, i) => [...down.filter((_, k) => k % 7 === i), t].join(' '));
  return build({ piles, down: piles.map((p) => p.split(' ').length - 1), stock: stock.join(' '), foundations: [0, 0, 0, 0] });
}

const STUCK = position('Kc', ON_NINES);
const OPEN = position('3c', [...ON_NINES.filter((c) => c !== '3c'), ...ON_QUEENS.slice(0, 2)]);
const TOO_BIG = position('Kc', [...ON_NINES, ...ON_QUEENS]);

let dist: string;
let browser: Browser;
const problems: string[] = [];

/** Opens the app on a saved game of `start` (no move yet), recording every value the board's `data-end` takes. */
async function openOn(start: Position): Promise<Page> {
  const page = await browser.ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { ends: string[] };
    w.ends = [];
    new MutationObserver((records) => {
      for (const r of records) w.ends.push((r.target as HTMLElement).dataset.end ?? '');
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-end'] });
  });
  await page.goto(browser.url);
  await page.evaluate(
    ([k, v]) => {
      localStorage.clear();
      localStorage.setItem(k, v);
      // (the bare address: a deal's link would be opened in place of the saved game)
      history.replaceState(null, '', location.pathname);
    },
    [GAME_KEY, JSON.stringify(new PlayedGame(start, D1).toRecord())],
  );
  await page.reload();
  if (await page.isHidden('#panel-play')) await page.click('#tab-play');
  await page.waitForSelector('#panel-play:not([hidden])');
  return page;
}

const ends = (page: Page) => page.evaluate(() => (window as unknown as { ends: string[] }).ends);
/** Waits until the board's end check is no longer `checking`; its final word. */
async function settled(page: Page): Promise<string> {
  await page.waitForSelector('#play-board:not([data-end="checking"])[data-end]');
  return (await page.getAttribute('#play-board', 'data-end'))!;
}
/** True when "No moves left" shows anywhere on the page. */
const said = async (page: Page) => (await page.locator('text=No moves left >> visible=true').count()) > 0;

describe.skipIf(!haveChromium)(
  `the end of a game proved in the worker, in headless Chromium${haveChromium ? '' : ' (SKIPPED: no chromium)'}`,
  () => {
    beforeAll(async () => {
      dist = inject('webApp'); // the global setup's build: read, never written
      browser = await openContext(dist);
    });

    afterAll(async () => {
      await browser?.close();
      await closeShared();
    });

    it('shows "No moves left" and the end panel when the worker proves a game stuck that the quick check could not decide', async () => {
      const g = new PlayedGame(STUCK, D1);
      expect(g.status(QUICK_PROGRESS_BUDGET)).toBe('unproved');
      expect(g.status()).toBe('stuck');
      const page = await openOn(STUCK);
      expect(await settled(page)).toBe('stuck');
      expect(await ends(page)).toEqual(['checking', 'stuck']);
      await page.waitForSelector('#play-end:not([hidden])');
      expect(await page.textContent('#play-end-title')).toContain('No moves left: nothing can turn a card or send one home.');
      expect(await said(page)).toBe(true);
      if (SLOW) await page.screenshot({ path: join(outputDir(), '35-stuck-in-worker.png'), fullPage: true });
      expect(problems.splice(0)).toEqual([]);
      await page.close();
    });

    it('says nothing when the worker proves the game open, nor at the first position of Solvitaire 4 at draw 1', async () => {
      const g = new PlayedGame(OPEN, D1);
      expect(g.status(QUICK_PROGRESS_BUDGET)).toBe('unproved');
      expect(g.status()).toBe('playing');
      const page = await openOn(OPEN);
      expect(await settled(page)).toBe('playing');
      expect(await ends(page)).toEqual(['checking', 'playing']);
      expect(await page.isHidden('#play-end')).toBe(true);
      expect(await said(page)).toBe(false);
      // a link to Solvitaire 4 at draw 1: open from its first position, by the quick check
      await page.evaluate(() => {
        localStorage.clear();
        history.replaceState(null, '', '#family=solvitaire&seed=4&draw=1&passes=unlimited&view=play');
      });
      await page.reload();
      await expect.poll(() => page.textContent('#play-deal-name')).toMatch(/^Solvitaire deal 4, draw 1/);
      expect(await settled(page)).toBe('playing');
      expect(await page.isHidden('#play-end')).toBe(true);
      expect(await said(page)).toBe(false);
      expect(problems.splice(0)).toEqual([]);
      await page.close();
    });

    it("says nothing when the proof is out of the worker's budget", async () => {
      const page = await openOn(TOO_BIG);
      expect(await settled(page)).toBe('unproved');
      expect(await ends(page)).toEqual(['checking', 'unproved']);
      expect(await page.isHidden('#play-end')).toBe(true);
      expect(await said(page)).toBe(false);
      expect(problems.splice(0)).toEqual([]);
      await page.close();
    });
  },
);
