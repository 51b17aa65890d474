/**
 * The game in headless Chromium, played as a person plays it: a game won by dragging with the
 * mouse, another by the smart tap on a phone-sized touch screen (with drags by touch and a
 * tap-then-tap), each finished by the auto-complete, the clock and the time bonus under a
 * controlled clock (the page's score is `klondike score --seconds`'s on the game the page saves),
 * the statistics after three games and a reload, a shared link opening the same `exact` deal, the
 * app loading and playing with the network cut, and "could I still win?" on a lost game.
 *
 * The games by mouse and by touch start from a saved game 40 and 30 moves before the end of a
 * winning line (the whole games with SLOW=1); screenshots go to test-output/web/ with SLOW=1.
 * Every wait is for work bounded by moves or positions (the harness's WAIT_MS only catches a page
 * that never answers), each test has the heavy test's timeout, and taps, drags and double-clicks
 * carry their own event time stamps, so a busy machine cannot turn two taps into a double tap.
 *
 * Needs Debian's chromium (/usr/bin/chromium): without it the tests are skipped with a message.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PriorityPolicy } from '../../src/hidden/policy-priority.ts';
import type { AtomicMove } from '../../src/engine/notation.ts';
import { type Position, makePositionJson } from '../../src/engine/position.ts';
import { solve } from '../../src/solver/index.ts';
import type { Rules } from '../../src/types.ts';
import { GAME_KEY, PlayedGame } from '../../web/src/played-game.ts';
import { smartMove } from '../../web/src/smart.ts';
import { cardsMoved } from '../../web/src/speech.ts';
import { runCli } from '../support/cli-run.ts';
import { seedPosition } from '../support/positions.ts';
import { HEAVY_MS, SLOW } from '../support/slow.ts';
import {
  type Browser,
  CHROMIUM_HINT,
  closeShared,
  haveChromium,
  launch,
  openContext,
  outputDir,
  screenshot,
} from '../support/web-harness.ts';

if (!haveChromium) console.warn(`web-game.test.ts: SKIPPED: ${CHROMIUM_HINT}`);

const D1: Rules = { draw: 1, passes: null, foundationReturn: true };
const D3: Rules = { draw: 3, passes: null, foundationReturn: true };

let dist: string;
let shots: string;
let desktop: Browser;
const problems: string[] = [];

/** The solver's winning line of a Solvitaire deal. */
function solution(seed: number, rules: Rules): AtomicMove[] {
  const r = solve(seedPosition(seed), rules, { maxNodes: 5_000_000 });
  if (r.verdict !== 'winnable') throw new Error(`seed ${seed} is ${r.verdict}`);
  return r.moves;
}

async function open(b: Browser, url: string): Promise<Page> {
  const page = await b.ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(url);
  return page;
}

/** Reloads the page at another address (a changed hash alone would not start the app again). */
async function reloadAt(page: Page, address: string): Promise<void> {
  await page.evaluate((a) => history.replaceState(null, '', a), address);
  await page.reload();
}

/** Saves a game as the app's and reloads on the bare address. */
async function loadGame(page: Page, record: unknown): Promise<void> {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [GAME_KEY, JSON.stringify(record)]);
  await reloadAt(page, new URL(page.url()).pathname);
}

const moves = (page: Page) => page.getAttribute('#play-board', 'data-moves');
const shot = (page: Page, name: string) => screenshot(page, shots, name);
const box = async (page: Page, sel: string) => {
  const b = await page.locator(sel).boundingBox();
  if (!b) throw new Error(`${sel} is not shown`);
  return b;
};
const cardSel = (c: number) => `#play-board .card[data-card="${c}"]`;
const slotSel = (pile: string) => `#play-board .slot[data-pile="${pile}"]`;

/** Where a card can be taken: the strip of it that shows above the card on it. */
async function grabPoint(page: Page, c: number): Promise<{ x: number; y: number }> {
  const b = await box(page, cardSel(c));
  return { x: b.x + b.width / 2, y: b.y + Math.min(6, b.height / 4) };
}

/** Where the cards of a move are put: the top card of the pile they go to, or its empty slot. */
async function dropPoint(page: Page, p: Position, to: string): Promise<{ x: number; y: number }> {
  let top: number | undefined;
  if (to[0] === 't') top = p.tableau[Number(to.slice(1)) - 1].at(-1);
  else {
    const s = 'cdhs'.indexOf(to[1]);
    if (p.foundations[s] > 0) top = (p.foundations[s] - 1) * 4 + s;
  }
  const b = await box(page, top === undefined ? slotSel(to) : cardSel(top));
  return { x: b.x + b.width / 2, y: b.y + Math.min(b.height / 2, 30) };
}

type Point = { x: number; y: number };

/**
 * Input with the events' own time stamps (Chrome DevTools Protocol), so that the page sees each
 * gesture as a person makes it however slowly a busy machine delivers it: the page times a double
 * tap or double-click by the events' time stamps (the two clicks here are 150 ms apart, under its
 * 400 ms; two taps, at least 500 ms), and Chromium takes a finger that lifts while moving for a
 * fling, whose end swallows the next tap (a drag here holds still for 300 ms before it lifts).
 */
function gestures(cdp: CDPSession) {
  let t = 0;
  /** A time stamp in seconds, `dt` after the last one given and never before now. */
  const at = (dt: number) => (t = Math.max(t + dt, Date.now() / 1000));
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p: Point | undefined, dt: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [], timestamp: at(dt) });
  const mouse = (type: 'mousePressed' | 'mouseReleased' | 'mouseMoved', p: Point, clickCount: number, dt: number) =>
    cdp.send('Input.dispatchMouseEvent', {
      type,
      x: p.x,
      y: p.y,
      button: type === 'mouseMoved' ? 'none' : 'left',
      clickCount,
      timestamp: at(dt),
    });
  return {
    async tap(p: Point) {
      await touch('touchStart', p, 0.5);
      await touch('touchEnd', undefined, 0.05);
    },
    async drag(from: Point, to: Point) {
      await touch('touchStart', from, 0.5);
      for (let i = 1; i <= 5; i++)
        await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / 5, y: from.y + ((to.y - from.y) * i) / 5 }, 0.05);
      await touch('touchMove', to, 0.3);
      await touch('touchEnd', undefined, 0.05);
    },
    async doubleClick(p: Point) {
      await mouse('mouseMoved', p, 0, 0.5);
      for (const n of [1, 2]) {
        await mouse('mousePressed', p, n, n === 1 ? 0.05 : 0.1);
        await mouse('mouseReleased', p, n, 0.05);
      }
    },
  };
}

/**
 * Waits until the page has made move `n` of its game, at least (the move before may start the
 * cards going home by themselves).
 */
async function madeMove(page: Page, n: number): Promise<void> {
  await expect.poll(async () => Number(await moves(page)) >= n, { message: `move ${n}` }).toBe(true);
}

/**
 * Plays a line on the page from the game `g` (the page's, beside it: it knows where every card
 * is), one move at a time by `act`, checking after each that the page took it, until every card
 * is face up and the stock empty; the page then plays the cards home by itself.
 */
async function playLine(page: Page, g: PlayedGame, line: AtomicMove[], act: (g: PlayedGame, m: AtomicMove, k: number) => Promise<void>) {
  for (let k = 0; k < line.length; k++) {
    await act(g, line[k], k);
    await madeMove(page, g.moves.length + 1);
    expect(g.play(line[k]).ok).toBe(true);
    if (g.finishingMoves().length > 0) {
      await expect.poll(() => page.getAttribute('#play-board', 'data-home')).toBe('52');
      return;
    }
  }
}

/**
 * Opens the game view of a Solvitaire deal with the first moves of its winning line played (none
 * with SLOW=1, the whole game), leaving the last `last`: the page's game and the rest of the line.
 */
async function gameNearTheEnd(page: Page, seed: number, rules: Rules, line: AtomicMove[], last: number) {
  const before = SLOW ? 0 : Math.max(0, line.length - last);
  const g = new PlayedGame(seedPosition(seed), rules, { family: 'solvitaire', seed: String(seed) });
  for (const m of line.slice(0, before)) expect(g.play(m).ok).toBe(true);
  if (before > 0) await loadGame(page, g.toRecord());
  await page.click('#tab-play');
  await page.waitForSelector('#panel-play:not([hidden])');
  expect(await moves(page)).toBe(String(before));
  return { g, rest: line.slice(before) };
}

const TITLE = `the game in headless Chromium${haveChromium ? '' : ' (SKIPPED: no chromium)'}`;

describe.skipIf(!haveChromium)(TITLE, { timeout: HEAVY_MS }, () => {
  beforeAll(async () => {
    shots = outputDir();
    dist = inject('webApp'); // the global setup's build: read, never written
    desktop = await openContext(dist);
  }, HEAVY_MS);

  afterAll(async () => {
    await desktop?.close();
    await closeShared();
  });

  it('a game won by dragging the cards with the mouse, finished by itself (its last 40 moves; the whole game with SLOW=1)', async () => {
    const line = solution(30, D3);
    const page = await open(desktop, `${desktop.url}#family=solvitaire&seed=30&draw=3&passes=unlimited&view=play`);
    const { g, rest } = await gameNearTheEnd(page, 30, D3, line, 40);
    await playLine(page, g, rest, async (g, m, k) => {
      if (k === 10) await shot(page, '20-game-board');
      if (m.from === 'stock' || m.to === 'stock') {
        const s = await box(page, slotSel('stock'));
        await page.mouse.click(s.x + s.width / 2, s.y + s.height / 2);
        return;
      }
      const from = await grabPoint(page, cardsMoved(g.position(), m)[0]);
      const to = await dropPoint(page, g.position(), m.to);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 12, from.y + 12, { steps: 2 });
      await page.mouse.move(to.x, to.y, { steps: 3 });
      await page.mouse.up();
    });
    expect(await page.getAttribute('#play-board', 'data-home')).toBe('52');
    await page.waitForSelector('#play-verdict:has-text("winnable with every card known")');
    expect(await page.textContent('#play-summary')).toMatch(new RegExp(`^Time \\d+:\\d\\d · ${line.length} moves · score \\d+`));
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('a draw-1 game won on a phone in portrait by the smart tap, two drags by touch and a tap-then-tap, finished by itself (from 30 moves before the end; the whole game with SLOW=1)', async () => {
    const phone = await openContext(dist, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    try {
      const page = await open(phone, `${phone.url}#family=solvitaire&seed=293&draw=1&passes=unlimited&view=play`);
      const { g } = await gameNearTheEnd(page, 293, D1, solution(293, D1), 30);
      // the page fits the screen: nothing wider than it, every column on it
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const right = await page.evaluate(() =>
        Math.max(...[...document.querySelectorAll('#play-board .slot')].map((s) => s.getBoundingClientRect().right)),
      );
      expect(right).toBeLessThanOrEqual(390);
      await shot(page, '21-phone-game');
      const input = gestures(await phone.ctx.newCDPSession(page));
      const same = (a: AtomicMove, b: AtomicMove) => a.from === b.from && a.to === b.to && a.count === b.count;
      const count = { smart: 0, dragged: 0, picked: 0, stock: 0 };
      // The game beside the page's: each time, a move of a winning line from here (every card known).
      // The first two cards it takes are dragged and the third tapped then put down; after that the
      // card is tapped when its smart move keeps the game winnable, else tapped then put down.
      while (g.finishingMoves().length === 0) {
        expect(g.moves.length).toBeLessThan(300);
        const sol = solve(g.position(), D1, { maxNodes: 5_000_000 });
        expect(sol.verdict, `after move ${g.moves.length}`).toBe('winnable');
        const m = sol.moves[0];
        let played = m;
        if (m.from === 'stock' || m.to === 'stock') {
          const s = await box(page, slotSel('stock'));
          await input.tap({ x: s.x + s.width / 2, y: s.y + s.height / 2 });
          count.stock++;
        } else {
          const from = await grabPoint(page, cardsMoved(g.position(), m)[0]);
          const smart = count.dragged + count.picked >= 3 ? smartMove(g, m.from, m.count) : undefined;
          const after = smart && new PlayedGame(g.position(), D1);
          if (
            smart &&
            after &&
            (same(smart, m) || (after.play(smart).ok && solve(after.position(), D1, { maxNodes: 5_000_000 }).verdict === 'winnable'))
          ) {
            await input.tap(from);
            played = smart;
            count.smart++;
          } else if (count.dragged < 2) {
            // a drag with the finger: touch start, moves, end
            await input.drag(from, await dropPoint(page, g.position(), m.to));
            count.dragged++;
          } else {
            // "a tap on a card picks it up": tap the cards, then where they go
            await page.selectOption('#p-tap', 'select');
            await input.tap(from);
            await input.tap(await dropPoint(page, g.position(), m.to));
            await page.selectOption('#p-tap', 'smart');
            count.picked++;
          }
        }
        await madeMove(page, g.moves.length + 1);
        expect(g.play(played).ok).toBe(true);
      }
      // every card face up and the stock empty: the cards go home by themselves
      await expect.poll(() => page.getAttribute('#play-board', 'data-home')).toBe('52');
      expect([count.dragged, count.picked]).toEqual([2, 1]);
      expect(count.smart).toBeGreaterThan(SLOW ? 20 : 10);
      await page.waitForSelector('#play-summary');
      await shot(page, '22-phone-won');
      expect(problems.splice(0)).toEqual([]);
      await page.close();
    } finally {
      await phone.close();
    }
  });

  it('the clock, the score as it builds and the time bonus at the end, as klondike score --seconds gives them', async () => {
    // A game that starts four moves from the end of Solvitaire 42's solution (the clock starts at its first move).
    const line = solution(42, D3);
    const before = new PlayedGame(seedPosition(42), D3);
    for (const m of line.slice(0, -4)) before.play(m);
    const start = before.position();
    const last = line.slice(-4);
    // a context of its own: the controlled clock is the whole context's
    const timed = await openContext(dist);
    const page = await timed.ctx.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.clock.install({ time: new Date('2026-03-01T10:00:00Z') });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(timed.url);
    // each card sent home by the player: the cards do not go home by themselves
    // (and a tap picks a card up: a double-click sends it home)
    await page.evaluate(() => localStorage.setItem('klondike-solver.settings', JSON.stringify({ autoFinish: false, tap: 'select' })));
    await loadGame(page, { v: 1, start: makePositionJson(start), rules: D3, moves: '' });
    await page.clock.pauseAt(new Date('2026-03-01T11:00:00Z'));
    expect(await page.textContent('#p-time')).toBe('0:00');
    const g = new PlayedGame(start, D3);
    const input = gestures(await timed.ctx.newCDPSession(page));
    /** Plays the next move of the line by double-clicking its card (each goes home). */
    const home = async () => {
      const m = last[g.moves.length];
      expect(m.to[0]).toBe('f');
      const p = await grabPoint(page, cardsMoved(g.position(), m)[0]);
      await input.doubleClick(p);
      await expect.poll(() => moves(page)).toBe(String(g.moves.length + 1));
      g.play(m);
    };
    await home();
    const score1 = Number(await page.textContent('#p-score'));
    expect(score1).toBeGreaterThan(0);
    await page.clock.fastForward(100_000);
    await expect.poll(() => page.textContent('#p-time')).toBe('1:40');
    // a hidden page (in the background, or closed) does not play: the clock waits
    const visibility = (state: string) =>
      page.evaluate((v) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => v });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await visibility('hidden');
    await page.clock.fastForward(600_000);
    await visibility('visible');
    expect(await page.textContent('#p-time')).toBe('1:40');
    await home();
    expect(Number(await page.textContent('#p-score'))).toBeGreaterThan(score1);
    // undo takes the move and its points back, never the time
    await page.keyboard.press('Control+z');
    await expect.poll(() => moves(page)).toBe('1');
    g.undo();
    expect(Number(await page.textContent('#p-score'))).toBe(score1);
    expect(await page.textContent('#p-time')).toBe('1:40');
    await home();
    await page.clock.fastForward(145_000);
    await expect.poll(() => page.textContent('#p-time')).toBe('4:05');
    await home();
    await home();
    expect(await page.getAttribute('#play-board', 'data-home')).toBe('52');
    // the clock stopped at the win
    await page.clock.fastForward(10_000);
    expect(await page.textContent('#p-time')).toBe('4:05');
    const summary = page.locator('#play-summary');
    expect(await summary.getAttribute('data-seconds')).toBe('245');
    expect(await summary.getAttribute('data-bonus')).toBe(String(Math.round(700_000 / 245)));
    const shown = Number(await summary.getAttribute('data-score'));
    expect(await summary.textContent()).toMatch(new RegExp(`^Time 4:05 · 4 moves · score \\d+ \\+ time bonus 2857 = ${shown}$`));
    await page.waitForSelector('#play-verdict:has-text("winnable")');
    await shot(page, '23-game-won');
    // the game the page saves, scored by the command line with the page's time
    const json = await page.evaluate(async () => (await fetch((document.getElementById('p-export') as HTMLAnchorElement).href)).text());
    const r = await runCli(['score', '-', '--seconds', '245', '--json'], json);
    expect(r.stderr).toBe('');
    const cli = JSON.parse(r.stdout);
    expect(cli.won).toBe(true);
    expect(cli.moves).toBe(4);
    expect(cli.standard.timeBonus).toBe(2857);
    expect(cli.standard.score).toBe(shown);
    // Vegas scoring is for the next game: this one keeps its score; the next shows dollars, and under its pass limits the passes left
    await page.selectOption('#p-scoring', 'vegas');
    expect(await page.textContent('#p-score')).toBe(String(shown));
    expect(await page.textContent('#play-deal-name')).toMatch(/, draw 3, unlimited passes, standard scoring$/);
    await page.click('#p-new');
    expect(await page.textContent('#p-score')).toBe('−$52');
    expect(await page.textContent('#p-passes')).toBe('1 of 3 (2 left)');
    expect(await page.textContent('#play-deal-name')).toMatch(/^Deal \d{4}…\d{4}, draw 3, 3 passes, Vegas scoring$/);
    expect(problems.splice(0)).toEqual([]);
    await timed.close();
  });

  it('statistics per draw after three games, kept over a reload, with the solver-proved winnable deals; Reset clears them', async () => {
    const page = await open(desktop, desktop.url);
    await page.evaluate(() => localStorage.clear());
    // 1. a game won: Solvitaire 42 three moves from the end, finished
    const line = solution(42, D3);
    const near = new PlayedGame(seedPosition(42), D3, { family: 'solvitaire', seed: '42' });
    for (const m of line.slice(0, -3)) near.play(m);
    near.clockMs = 263_000; // 4:23 on its clock, which runs on from there
    await loadGame(page, near.toRecord());
    // the cards go home by themselves
    await page.waitForSelector('#play-summary');
    const score = await page.getAttribute('#play-summary', 'data-score');
    // 2. Solvitaire 1 (unwinnable at draw 3), a draw, left for another deal: lost
    await reloadAt(page, '#family=solvitaire&seed=1&draw=3&passes=unlimited&view=play');
    await page.click(slotSel('stock'));
    await expect.poll(() => moves(page)).toBe('1');
    // 3. Solvitaire 42 again (winnable), a draw, left for a new game: lost
    await reloadAt(page, '#family=solvitaire&seed=42&draw=3&passes=unlimited&view=play');
    // (the link asks before it replaces the game in progress, which then counts as lost)
    await page.click('#confirm-yes');
    await page.click(slotSel('stock'));
    await expect.poll(() => moves(page)).toBe('1');
    await page.click('#p-new');
    await page.click('#tab-stats');
    const stat = (k: string) => page.textContent(`#stats-tables td[data-draw="3"][data-stat="${k}"]`);
    await expect.poll(() => stat('waiting')).toBe('0');
    const want = {
      played: '3',
      won: '1',
      rate: '33.3%',
      streak: '0',
      bestStreak: '1',
      bestScore: score,
      winnable: '2',
      wonWinnable: '1',
      winnableRate: '50.0%',
      unwinnable: '1',
      undecided: '0',
    };
    const figures = async () => Object.fromEntries(await Promise.all(Object.keys(want).map(async (k) => [k, await stat(k)])));
    expect(await figures()).toEqual(want);
    expect(await stat('bestSeconds')).toMatch(/^4:2\d$/);
    expect(await page.textContent('#stats-winnable-3')).toBe('Draw 3: you won 1 of the 2 winnable deals you played.');
    expect(await page.textContent('#stats-tables td[data-draw="1"][data-stat="played"]')).toBe('0');
    await shot(page, '24-statistics');
    await page.reload();
    await page.click('#tab-stats');
    expect(await figures()).toEqual(want);
    await page.click('#stats-reset');
    await page.click('#stats-reset-yes');
    expect(await stat('played')).toBe('0');
    expect(await stat('bestScore')).toBe('–');
    await page.reload();
    await page.click('#tab-stats');
    expect(await stat('played')).toBe('0');
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('New game deals an exact code kept in the link, which opens the same deal for someone else', async () => {
    const page = await open(desktop, desktop.url);
    await page.click('#tab-play');
    await page.click('#p-new');
    const link = (await page.getAttribute('#p-link', 'href'))!;
    expect(link).toMatch(/^#family=exact&seed=\d{50,68}&draw=3&passes=unlimited&view=play$/);
    expect(page.url()).toContain(link);
    const cards = (p: Page) =>
      p.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#play-board .card')].map((c) => `${c.dataset.card}:${c.hidden}:${c.className}`),
      );
    const mine = await cards(page);
    // another New game is another deal
    await page.click('#p-new');
    expect(await page.getAttribute('#p-link', 'href')).not.toBe(link);
    // a visitor with nothing saved opens the link: the same cards, face down where they were
    await page.evaluate(() => localStorage.clear());
    await reloadAt(page, link);
    await page.waitForSelector('#panel-play:not([hidden])');
    expect(await page.getAttribute('#p-link', 'href')).toBe(link);
    expect(await cards(page)).toEqual(mine);
    expect(await moves(page)).toBe('0');
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('loads and plays with the network cut after a first visit (web app manifest and service worker)', async () => {
    const b = await launch(dist);
    try {
      const page = await open(b, b.url);
      await page.waitForSelector('#panel-play:not([hidden])');
      // installable: Chromium finds nothing missing in the manifest
      const cdp = await b.ctx.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      // iOS, which reads no manifest icons, is pointed at its PNG, and the server has it
      const touch = await page.getAttribute('link[rel="apple-touch-icon"]', 'href');
      expect(touch).toBe('./apple-touch-icon.png');
      expect((await page.request.get(new URL(touch ?? '', page.url()).href)).headers()['content-type']).toBe('image/png');
      // the service worker controls the page once it has kept the files
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      b.stopServer();
      await b.ctx.setOffline(true);
      await page.reload();
      await page.waitForSelector('#panel-play:not([hidden])');
      expect(await page.locator('#play-board .card').count()).toBe(52);
      await page.click('#p-new');
      await page.click(slotSel('stock'));
      await expect.poll(() => moves(page)).toBe('1');
      // the solver's worker runs offline too: a search hint
      await page.selectOption('#p-hint-policy', 'search');
      await page.click('#p-hint');
      await page.waitForSelector('#play-board[data-hint]');
      await page.click('#tab-solve');
      await page.fill('#seed', '42');
      await page.click('#solve');
      await page.waitForSelector('#verdict.winnable');
      expect(problems.splice(0)).toEqual([]);
      await page.close();
    } finally {
      await b.close();
    }
  });

  it('could I still have won here: on a lost game, the last position still winnable, the line from there, and back to it', async () => {
    // Solvitaire 26 at draw 3 (winnable), played by the hint order until nothing helps any more.
    const g = new PlayedGame(seedPosition(26), D3, { family: 'solvitaire', seed: '26' });
    const policy = new PriorityPolicy();
    while (g.status() === 'playing') {
      const m = policy.decide(g.observe()).move;
      if (!m) break;
      g.play(m);
    }
    expect(g.status()).toBe('stuck');
    const n = g.moves.length;
    const after = (k: number) => {
      const h = new PlayedGame(seedPosition(26), D3);
      for (const m of g.moves.slice(0, k)) h.play(m);
      return h.position();
    };
    const page = await open(desktop, desktop.url);
    await loadGame(page, g.toRecord());
    await page.click('#tab-play');
    // at the end, the walk back runs by itself (the deal was winnable)
    await page.waitForSelector('#rewind-box[data-winnable]');
    const k = Number(await page.getAttribute('#rewind-box', 'data-winnable'));
    expect(k).toBeGreaterThanOrEqual(0);
    expect(k).toBeLessThan(n);
    expect(Number(await page.getAttribute('#rewind-box', 'data-lost'))).toBe(k + 1);
    // as the solver says in Node: winnable after k moves, lost after k + 1
    expect(solve(after(k), D3).verdict).toBe('winnable');
    expect(solve(after(k + 1), D3).verdict).toBe('unwinnable');
    expect(await page.textContent('#rewind-text')).toMatch(
      new RegExp(
        `^Not from here\\. The last position that could still be won, with every card known, was after move ${k} of ${n}: move ${k + 1}, .+, lost it\\.$`,
      ),
    );
    await shot(page, '25-could-i-still-win');
    // the line that wins from there plays to 52 cards home in the viewer
    await page.click('#p-rewind-watch');
    await page.click('#confirm-yes');
    await page.waitForSelector('#panel-solve:not([hidden])');
    await page.click('#w-last');
    expect(await page.getAttribute('#watch-board', 'data-home')).toBe('52');
    // back to that position, where the game can still be won
    await page.click('#tab-play');
    await page.click('#p-rewind-back');
    await expect.poll(() => moves(page)).toBe(String(k));
    await page.click('#p-rewind');
    await expect
      .poll(() => page.textContent('#rewind-text'))
      .toMatch(/^Yes: with every card known, this game can still be won from here \(a \d+-move line\)\.$/);
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });
});
