/**
 * The browser app in headless Chromium, end to end: solve and watch a deal to its last move, an
 * unwinnable verdict with the most cards it can send home (as `klondike solve --most-home`) and
 * that line played to its end, Stop on a long search with the page still responsive, a game played by
 * keyboard, clicks and drag, undone, reloaded and found again, hints of both policies (the moves
 * `klondike hint` gives, the same for two games that differ only in unseen cards), the odds (as
 * `klondike odds` computes them), and the app opened from disk (file://). Screenshots of each
 * screen go to test-output/web/ with SLOW=1. The command line's side runs in this process (`runInProcess`);
 * the binary itself is run by the tests of test/cli/.
 *
 * Every wait is for work bounded by positions or samples (the harness's WAIT_MS only catches a page
 * that never answers), and each test has the heavy test's timeout: on a busy machine a search in
 * the page can take many times its idle time.
 *
 * Needs Debian's chromium (/usr/bin/chromium): without it the tests are skipped with a message.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { formatPosition } from '../../src/deals/formats/index.ts';
import { PriorityPolicy } from '../../src/hidden/policy-priority.ts';
import { DEFAULT_SEARCH } from '../../src/hidden/settings.ts';
import { movesToCompact } from '../../src/engine/notation.ts';
import { type Position, dealPosition } from '../../src/engine/position.ts';
import { scoreGame } from '../../src/engine/score.ts';
import { shorten } from '../../src/engine/shorten.ts';
import { solve } from '../../src/solver/index.ts';
import type { Rules } from '../../src/types.ts';
import { GAME_KEY, PlayedGame } from '../../web/src/played-game.ts';
import { runInProcess } from '../support/cli-run.ts';
import { HEAVY_MS, SLOW, bySize } from '../support/slow.ts';
import { type Browser, CHROMIUM_HINT, closeShared, haveChromium, openContext, outputDir, screenshot } from '../support/web-harness.ts';

if (!haveChromium) console.warn(`web-browser.test.ts: SKIPPED: ${CHROMIUM_HINT}`);

// CI installs chromium (.ci/run): there a missing browser is a failure, not a skip.
describe.runIf(!haveChromium && process.env.CI)('the browser app in CI', () => {
  it('has chromium to run its tests', () => {
    expect.fail(CHROMIUM_HINT);
  });
});

const D3: Rules = { draw: 3, passes: null, foundationReturn: true };
/**
 * How long Stop may take to end a search: a third of the 60 s the search would run by itself, so
 * a Stop that waited for the search could not pass, and hundreds of times what it takes.
 */
const STOP_MS = 20_000;
const D1: Rules = { draw: 1, passes: null, foundationReturn: true };
const VEGAS_D3: Rules = { draw: 3, passes: 3, foundationReturn: true };

let browser: Browser;
let dist: string;
let shots: string;
const problems: string[] = [];

async function open(url: string): Promise<Page> {
  const page = await browser.ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.goto(url);
  return page;
}

/** Clicks the middle of a pile's slot, as a person would (on whatever card lies there). */
async function clickPile(page: Page, pile: string): Promise<void> {
  const slot = page.locator(`#play-board .slot[data-pile="${pile}"]`);
  await slot.scrollIntoViewIfNeeded();
  const b = (await slot.boundingBox())!;
  await page.mouse.click(b.x + b.width / 2, b.y + Math.min(b.height / 2, 40));
}

/**
 * Saves a game record as the app's game and reloads the page on the bare address (the address of a
 * game names its deal, which the app would deal again over the saved game).
 */
async function loadGame(page: Page, record: string): Promise<void> {
  await page.evaluate(
    ([k, v]) => {
      localStorage.setItem(k, v);
      history.replaceState(null, '', location.pathname);
    },
    [GAME_KEY, record],
  );
  await page.reload();
}

const shot = (page: Page, name: string) => screenshot(page, shots, name);

/** Cards of a board whose place is one of the foundation slots. */
function cardsHome(page: Page, board: string): Promise<number> {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel)!;
    const homes = [...root.querySelectorAll<HTMLElement>('.slot')].filter((s) => s.dataset.pile![0] === 'f').map((s) => s.style.transform);
    return [...root.querySelectorAll<HTMLElement>('.card')].filter((c) => !c.hidden && homes.includes(c.style.transform)).length;
  }, board);
}

/** Where every card of a board is drawn, and whether face down. */
function boardSnapshot(page: Page, board: string): Promise<string[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(`${sel} .card`)].map(
        (c) => `${c.dataset.card}:${c.hidden ? '-' : c.style.transform}:${c.classList.contains('down') ? 'down' : 'up'}`,
      ),
    board,
  );
}

const TITLE = `the browser app in headless Chromium${haveChromium ? '' : ' (SKIPPED: no chromium)'}`;

describe.skipIf(!haveChromium)(TITLE, { timeout: HEAVY_MS }, () => {
  beforeAll(async () => {
    shots = outputDir();
    dist = inject('webApp'); // the global setup's build: read, never written
    browser = await openContext(dist);
  }, HEAVY_MS);

  afterAll(async () => {
    await browser?.close();
    await closeShared();
  });

  it('solves Solvitaire seed 42 at draw 3 and plays the solution to its end: all 52 cards home', async () => {
    const page = await open(`${browser.url}#family=solvitaire&seed=42&draw=3&passes=unlimited`);
    await page.waitForSelector('#verdict.winnable');
    expect(await page.textContent('#verdict')).toContain('solvitaire deal 42 is winnable (draw 3, unlimited passes)');
    const stats = (await page.textContent('#solve-stats'))!;
    const length = Number(stats.match(/solution of (\d+) moves/)![1]);
    expect(length).toBeGreaterThan(100);
    expect(await page.locator('#move-list li').count()).toBe(length);
    expect(await page.textContent('#move-list li:first-child')).toBe('1. A♦ t6 → foundation');
    await shot(page, '1-solve-winnable');
    for (let k = 0; k < 3; k++) await page.click('#w-next');
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe('3');
    expect(await page.getAttribute('#move-list button[aria-current="step"]', 'data-step')).toBe('3');
    await expect.poll(() => page.textContent('#announce')).toMatch(/Move 3 of \d+: Ace of hearts from waste to hearts foundation/);
    // (the animation settled, for the picture)
    if (SLOW) await page.waitForTimeout(400);
    await shot(page, '2-watch-move-3');
    // Jump to move 60 with the number box, then to the end with the keyboard.
    await page.fill('#w-jump', '60');
    await page.press('#w-jump', 'Enter');
    await expect.poll(() => page.getAttribute('#watch-board', 'data-step')).toBe('60');
    await page.check('#w-peek');
    await shot(page, '3-watch-move-60-peek');
    await page.uncheck('#w-peek');
    await page.focus('#w-next');
    await page.keyboard.press('End');
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe(String(length));
    expect(await page.getAttribute('#watch-board', 'data-home')).toBe('52');
    expect(await cardsHome(page, '#watch-board')).toBe(52);
    expect(await page.getAttribute(`#move-list button[data-step="${length}"]`, 'aria-current')).toBe('step');
    await shot(page, '4-watch-end');
    // Back to the start: nothing home.
    await page.click('#w-first');
    expect(await cardsHome(page, '#watch-board')).toBe(0);
    // Play on a timer at 10×: the position advances by itself.
    await page.selectOption('#w-speed', '10');
    await page.click('#w-play');
    await expect.poll(async () => Number(await page.getAttribute('#watch-board', 'data-step'))).toBeGreaterThan(5);
    await page.click('#w-play');
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('stops a long search at once while the page stays responsive, then proves seed 1 unwinnable', async () => {
    const page = await open(browser.url);
    await page.click('#tab-solve');
    await page.fill('#seed', '8846');
    await page.click('#solve');
    await page.waitForSelector('#progress:not([hidden])');
    // The search runs in the worker: animation frames keep coming on the page while it searches
    // (a search on the page's own thread would hold every frame back until it ended, up to its 60 s).
    const frames = await page.evaluate(
      () =>
        new Promise<string>((done) => {
          let n = 0;
          const frame = () => {
            if (++n < 20) requestAnimationFrame(frame);
            else done(document.getElementById('verdict')!.textContent ?? '');
          };
          requestAnimationFrame(frame);
        }),
    );
    expect(frames).toBe('Solving…');
    expect(await page.textContent('#verdict')).toBe('Solving…');
    expect(await page.textContent('#progress-text')).toMatch(/searching… \d+\.\d s of at most 60 s/);
    // the worker reports the positions searched so far
    await expect.poll(() => page.textContent('#progress-text')).toMatch(/ · [\d,]+ positions$/);
    await shot(page, '5-solving');
    // at once: long before the search's own 60 s limit would end it
    await page.click('#stop');
    await page.waitForSelector('#verdict:has-text("Stopped")', { timeout: STOP_MS });
    expect(await page.isEnabled('#solve')).toBe(true);
    // A fresh worker takes the next search.
    await page.fill('#seed', '1');
    await page.click('#solve');
    await page.waitForSelector('#verdict.unwinnable');
    expect(await page.textContent('#verdict')).toMatch(
      /^solvitaire deal 1 is unwinnable \(draw 3, unlimited passes\): no sequence of moves wins it/,
    );
    expect(await page.textContent('#solve-stats')).toMatch(/^[\d,]+ positions searched/);
    expect(await page.locator('#move-list li').count()).toBe(0);
    expect(await page.isDisabled('#w-next')).toBe(true);
    expect(page.url()).toContain('#family=solvitaire&seed=1&draw=3&passes=unlimited');
    await shot(page, '6-unwinnable');
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('shows the most cards a lost deal can send home, as klondike solve --most-home, and plays that line to them', async () => {
    /** What `klondike solve --most-home --json` says of Solvitaire seed 1 at draw 3 (with extra options). */
    const cli = async (...extra: string[]) => {
      const r = await runInProcess(['solve', '--seed', '1', '--draw', '3', '--most-home', '--json', ...extra]);
      const j = JSON.parse(r.stdout) as { verdict: string; mostHome: { best: number; bound: number; proved: boolean }; moves: unknown[] };
      return j;
    };
    const want = await cli();
    expect(want.verdict).toBe('unwinnable');
    expect(want.mostHome.proved).toBe(true);
    const n = want.mostHome.best;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(52);
    const page = await open(`${browser.url}#family=solvitaire&seed=1&draw=3&passes=unlimited`);
    await page.waitForSelector('#verdict.unwinnable');
    await page.waitForSelector('#watch-most:not([hidden])');
    expect(await page.textContent('#most-home')).toBe(`Lost: at most ${n} cards can go home (proved); watch that line`);
    expect(await page.isDisabled('#stop')).toBe(true);
    expect(await page.isEnabled('#solve')).toBe(true);
    // Offered, not loaded until asked for.
    expect(await page.locator('#move-list li').count()).toBe(0);
    await page.click('#watch-most');
    const length = await page.locator('#move-list li').count();
    expect(length).toBe(want.moves.length);
    expect(await page.getAttribute('#watch-board', 'data-home')).toBe('0');
    await page.focus('#w-next');
    await page.keyboard.press('End');
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe(String(length));
    expect(await page.getAttribute('#watch-board', 'data-home')).toBe(String(n));
    expect(await cardsHome(page, '#watch-board')).toBe(n);
    expect(await page.textContent('#w-pos')).toBe(`move ${length} of ${length} · ${n} cards home`);
    await shot(page, '6b-most-home');
    // A positions budget too small to prove the count: the best line found, and the bound (below 52, the deal being lost).
    const small = await cli('--max-nodes', '10000');
    expect(small.mostHome.proved).toBe(false);
    await page.click('details.budget summary');
    await page.fill('#max-nodes', '10000');
    await page.click('#solve');
    await page.waitForSelector('#most-home:has-text("not proved")');
    const bound = Math.min(small.mostHome.bound, 51);
    expect(await page.textContent('#most-home')).toBe(
      `Lost: a line sends ${small.mostHome.best} cards home; no line sends more than ${bound} (not proved: the nodes budget ran out); watch that line`,
    );
    await page.click('#watch-most');
    await page.click('#w-last');
    expect(await page.getAttribute('#watch-board', 'data-home')).toBe(String(small.mostHome.best));
    expect(await cardsHome(page, '#watch-board')).toBe(small.mostHome.best);
    // Seed 125 is proved lost in under 100,000 positions, but its most cards home take millions: Stop ends that search at once.
    await page.fill('#max-nodes', '200000000');
    await page.fill('#seed', '125');
    await page.click('#solve');
    await page.waitForSelector('#most-home:has-text("searching for the most cards")');
    expect(await page.getAttribute('#verdict', 'class')).toBe('unwinnable');
    await expect.poll(() => page.textContent('#progress-text')).toMatch(/^most cards home: searching… \d+\.\d s of at most 60 s$/);
    await page.click('#stop');
    await page.waitForSelector('#most-home:has-text("was stopped")', { timeout: STOP_MS });
    expect(await page.textContent('#most-home-text')).toBe('Lost: the search for the most cards that can go home was stopped.');
    expect(await page.isHidden('#watch-most')).toBe(true);
    expect(await page.isEnabled('#solve')).toBe(true);
    expect(await page.isDisabled('#stop')).toBe(true);
    expect(await page.getAttribute('#verdict', 'class')).toBe('unwinnable');
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('plays a game by keyboard, click and drag, undoes, and finds the same game after a reload', async () => {
    const page = await open(`${browser.url}#family=solvitaire&seed=42&draw=3&passes=unlimited&view=play`);
    await page.waitForSelector('#panel-play:not([hidden])');
    expect(await page.getAttribute('#play-board', 'data-moves')).toBe('0');
    await shot(page, '7a-play-start');
    // Keyboard: Tab reaches the piles; Enter twice on column 6 sends its Ace of diamonds home.
    await page.focus('#play-board .slot[data-pile="t5"]');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.pile)).toBe('t6');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('#announce')).toMatch(/Picked up Column 6/);
    await shot(page, '7b-play-keyboard-pick-up');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getAttribute('#play-board', 'data-moves')).toBe('1');
    await expect.poll(() => page.textContent('#announce')).toMatch(/^Ace of diamonds from column 6 to diamonds foundation\./);
    // A click on the stock draws three cards.
    await clickPile(page, 'stock');
    await expect.poll(() => page.getAttribute('#play-board', 'data-moves')).toBe('2');
    // Drag the Ace of hearts from the waste onto a foundation (once the drawn cards have landed:
    // the cards move by CSS transitions, which the document lists while they run).
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const ace = page.locator('#play-board .card[data-card="2"]');
    const from = (await ace.boundingBox())!;
    const to = (await page.locator('#play-board .slot[data-pile="fs"]').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 30, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => page.getAttribute('#play-board', 'data-moves')).toBe('3');
    expect(await page.getAttribute('#play-board', 'data-home')).toBe('2');
    // Click then click: a draw, then the Queen of hearts of column 1 is picked up (and shown selected).
    await clickPile(page, 'stock');
    await expect.poll(() => page.getAttribute('#play-board', 'data-moves')).toBe('4');
    await page.click('#play-board .card[data-card="46"]');
    expect(await page.getAttribute('#play-board .card[data-card="46"]', 'class')).toContain('selected');
    await shot(page, '8-play-selected');
    await page.keyboard.press('Escape');
    // Undo twice (Ctrl+Z and the button): back to three moves.
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getAttribute('#play-board', 'data-moves')).toBe('3');
    await page.click('#p-undo');
    await expect.poll(() => page.getAttribute('#play-board', 'data-moves')).toBe('2');
    const before = await boardSnapshot(page, '#play-board');
    const saved = await page.evaluate((k) => localStorage.getItem(k), GAME_KEY);
    expect(JSON.parse(saved!).moves).toBe('6d SW3');
    // The standard score: the Ace home (+10) and the card it uncovered (+5).
    const g = PlayedGame.fromRecord(JSON.parse(saved!));
    if (!g.ok) throw new Error(g.error);
    const score = scoreGame(g.value.start, g.value.rules, g.value.moves);
    expect(score.ok && score.value.standard).toBe(15);
    expect(await page.textContent('#p-score')).toBe('15');
    await shot(page, '9-play-after-undo');
    // A reload (same address), then the bare address: the same game both times.
    await page.reload();
    await page.waitForSelector('#panel-play:not([hidden])');
    expect(await page.getAttribute('#play-board', 'data-moves')).toBe('2');
    // (polled: the board lays itself out again once the page has its final width)
    await expect.poll(() => boardSnapshot(page, '#play-board')).toEqual(before);
    await page.goto(browser.url);
    await page.waitForSelector('#panel-play:not([hidden])');
    expect(await page.getAttribute('#play-board', 'data-moves')).toBe('2');
    await expect.poll(() => boardSnapshot(page, '#play-board')).toEqual(before);
    // Face-down cards stay face down in play: 21 at the start less the one turned up by the Ace.
    expect((await boardSnapshot(page, '#play-board')).filter((s) => s.endsWith(':down')).length).toBe(20 + 21);
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('after a win or a loss, tells whether the deal was winnable with every card known, with the solution to watch', async () => {
    const d = dealFromSeed(42, 'solvitaire');
    if (!d.ok) throw new Error(d.error);
    const rules = { draw: 3, passes: null, foundationReturn: true };
    const sol = solve(dealPosition(d.value), rules);
    const g = new PlayedGame(dealPosition(d.value), rules, { family: 'solvitaire', seed: '42' });
    for (const m of sol.moves.slice(0, -3)) expect(g.play(m).ok).toBe(true);
    const page = await open(browser.url);
    await loadGame(page, JSON.stringify(g.toRecord()));
    await page.click('#tab-play');
    // every card face up and the stock empty: the cards go home by themselves
    await expect.poll(() => page.getAttribute('#play-board', 'data-home')).toBe('52');
    expect(await page.getAttribute('#play-board', 'data-moves')).toBe(String(sol.moves.length));
    await page.waitForSelector('#play-verdict:has-text("winnable with every card known")');
    expect(await page.textContent('#play-end')).toContain('Won: all 52 cards are home.');
    await shot(page, '13-play-won');
    // the solution is shown once the player says so
    await page.click('#p-watch');
    await page.click('#confirm-yes');
    await page.waitForSelector('#panel-solve:not([hidden])');
    expect(await page.getAttribute('#verdict', 'class')).toBe('winnable');
    // The viewer shows the verdict's line with its detours taken out.
    expect(await page.locator('#move-list li').count()).toBe(shorten(dealPosition(d.value), rules, sol.moves).length);
    // A game with no move left: the end is announced and the deal's verdict follows.
    const tops = ['5c', '7c', '9c', 'Jc', '5s', '7s', '9s'];
    const rest: string[] = [];
    for (const r of 'A23456789TJQK') for (const su of 'cdhs') if (!tops.includes(r + su)) rest.push(r + su);
    const tableau: string[][] = tops.map((t, i) => [...rest.filter((_, k) => k % 7 === i), t]);
    const stuck = {
      v: 1,
      start: {
        tableau,
        faceDown: tableau.map((p) => p.length - 1),
        stock: [],
        waste: [],
        foundations: { c: 0, d: 0, h: 0, s: 0 },
        pass: 1,
      },
      rules,
      moves: '',
    };
    await loadGame(page, JSON.stringify(stuck));
    await page.click('#tab-play');
    await page.waitForSelector('#play-verdict:has-text("unwinnable even with every card known")');
    expect(await page.textContent('#play-end')).toContain('No moves left');
    await shot(page, '14-play-stuck');
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  /** A seeded game after `moves` priority-policy moves, as the app saves it. */
  function seededGame(seed: number, rules: Rules, moves: number): PlayedGame {
    const d = dealFromSeed(seed, 'solvitaire');
    if (!d.ok) throw new Error(d.error);
    const g = new PlayedGame(dealPosition(d.value), rules, { family: 'solvitaire', seed: String(seed) });
    const policy = new PriorityPolicy();
    for (let k = 0; k < moves; k++) {
      const m = policy.decide(g.observe()).move;
      if (!m) break;
      expect(g.play(m).ok).toBe(true);
    }
    return g;
  }

  /** Opens the game view on a saved game. */
  async function openGame(g: PlayedGame, url = browser.url): Promise<Page> {
    const page = await open(url);
    await loadGame(page, JSON.stringify(g.toRecord()));
    await page.click('#tab-play');
    await page.waitForSelector('#panel-play:not([hidden])');
    expect(await page.getAttribute('#play-board', 'data-moves')).toBe(String(g.moves.length));
    return page;
  }

  /** Asks the page for a hint by `choice` and returns the move it shows and the candidate lines. */
  async function askHint(page: Page, choice: string): Promise<{ move: string; lines: string[]; moves: string[]; text: string }> {
    await page.selectOption('#p-hint-policy', choice);
    await page.click('#p-hint');
    await page.waitForSelector('#play-board[data-hint]');
    return {
      move: (await page.getAttribute('#play-board', 'data-hint'))!,
      lines: await page.locator('#hint-candidates li').allTextContents(),
      moves: await page.locator('#hint-candidates li').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.move ?? '')),
      text: (await page.textContent('#hint-text'))!,
    };
  }

  it('gives the hint klondike hint gives (priority and search policies), a legal move, highlighted', async () => {
    // two games (mid-game at draw 3, a fresh Vegas deal); with SLOW=1 also a fresh deal at draw 3
    // and a draw-1 game
    const games: [number, Rules, number][] = [
      [7, D3, 25],
      [5, VEGAS_D3, 0],
      ...bySize<[number, Rules, number][]>(
        [],
        [
          [42, D3, 0],
          [3, D1, 40],
        ],
      ),
    ];
    for (const [seed, rules, moves] of games) {
      const g = seededGame(seed, rules, moves);
      const page = await openGame(g);
      const vegas = rules.passes !== null;
      const args = ['hint', '--seed', String(seed), '--draw', String(rules.draw), '--json', ...(vegas ? ['--vegas'] : [])];
      if (g.moves.length) args.push('--moves', movesToCompact(g.moves));
      for (const [choice, cli] of [
        ['priority', ['--policy', 'priority']],
        // the library's default settings, whatever they are, on both sides
        ['search', ['--policy', 'search']],
      ] as const) {
        const hint = await askHint(page, choice);
        const r = await runInProcess([...args, ...cli]);
        expect(r.stderr).toBe('');
        const want = JSON.parse(r.stdout);
        expect(hint.move).toBe(`${want.move.from}>${want.move.to}>${want.move.count}`);
        expect(g.legalMoves()).toContainEqual(want.move);
        // every candidate the command line weighs, in its order, with its chance
        expect(hint.moves).toEqual(want.candidates.map((c: { compact: string }) => c.compact));
        for (let k = 0; k < want.candidates.length; k++) {
          const c = want.candidates[k];
          if (c.chance !== undefined)
            expect(hint.lines[k]).toContain(`${(100 * c.chance).toFixed(1)}% winnable after it (${c.wins} of ${c.samples}`);
        }
        if (choice !== 'priority' && !vegas)
          expect(
            hint.lines.some((l) =>
              new RegExp(`\\d+\\.\\d% winnable after it \\(\\d+ of ${DEFAULT_SEARCH.samples} sampled deals\\)`).test(l),
            ),
          ).toBe(true);
        // a Vegas game: the hint plays for the dollars, each candidate with the cards home it expects
        if (choice !== 'priority' && vegas) expect(hint.lines.some((l) => / cards home expected/.test(l))).toBe(true);
        // highlighted on the board
        expect(await page.locator('#play-board .hinted').count()).toBeGreaterThan(0);
        await shot(page, `15-hint-${seed}-${choice}`);
      }
      // a move clears the hint
      await clickPile(page, 'stock');
      await expect.poll(() => page.getAttribute('#play-board', 'data-hint')).toBeNull();
      expect(await page.locator('#play-board .hinted').count()).toBe(0);
      expect(problems.splice(0)).toEqual([]);
      await page.close();
    }
  });

  it('does not peek: two games that differ only in unseen cards get the same hint in the browser', async () => {
    const d = dealFromSeed(7, 'solvitaire');
    if (!d.ok) throw new Error(d.error);
    const a = dealPosition(d.value);
    // the same deal with face-down cards of columns 4 and 7 swapped, and the last two stock cards
    const b: Position = JSON.parse(JSON.stringify(a));
    [b.tableau[6][0], b.tableau[3][1]] = [b.tableau[3][1], b.tableau[6][0]];
    const s = b.stock;
    [s[s.length - 1], s[s.length - 2]] = [s[s.length - 2], s[s.length - 1]];
    const ga = new PlayedGame(a, D3);
    const gb = new PlayedGame(b, D3);
    for (const g of [ga, gb]) expect(g.play({ from: 'stock', to: 'waste', count: 3 }).ok).toBe(true);
    expect(JSON.stringify(ga.position())).not.toBe(JSON.stringify(gb.position()));
    // the priority policy's hint; with SLOW=1 the search policy's too (its sampling is the costly
    // part, and the library's search policy is checked for the same in test/hidden/policy.test.ts)
    const hints = [];
    for (const g of [ga, gb]) {
      const page = await openGame(g);
      hints.push([await askHint(page, 'priority'), ...(SLOW ? [await askHint(page, 'search')] : [])]);
      await page.close();
    }
    expect(hints[1]).toEqual(hints[0]);
    if (SLOW) expect(hints[0][1].lines.length).toBeGreaterThan(1);
    expect(problems.splice(0)).toEqual([]);
  });

  it('refines the odds live over several workers to ±5 points, ending with klondike odds --precision 5, and the search player beside them', async () => {
    const g = seededGame(42, D3, 30);
    const page = await openGame(g);
    // every text the odds line shows, in order
    await page.evaluate(() => {
      const w = window as unknown as { oddsSeen: string[] };
      w.oddsSeen = [];
      const line = document.getElementById('odds-line')!;
      new MutationObserver(() => w.oddsSeen.push(`${line.dataset.samples ?? ''}|${line.textContent}`)).observe(line, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.click('#p-odds');
    await page.waitForSelector('#odds-line[data-final]');
    const text = (await page.textContent('#odds-line'))!;
    expect(text).toMatch(/^With every card then known: \d+\.\d% \(95% interval \d+\.\d%–\d+\.\d%, ±\d\.\d points\)\. \d+ arrangements/);
    expect(await page.textContent('#odds-meaning')).toContain('the ceiling for any player');
    const r = await runInProcess([
      'odds',
      '--seed',
      '42',
      '--moves',
      movesToCompact(g.moves),
      '--precision',
      '5',
      '--samples',
      '1000',
      '--json',
    ]);
    const want = JSON.parse(r.stdout);
    expect(want.samples).toBeGreaterThanOrEqual(20);
    expect((want.high - want.low) / 2).toBeLessThanOrEqual(0.05);
    expect(Number(await page.getAttribute('#odds-line', 'data-samples'))).toBe(want.samples);
    expect(Number(await page.getAttribute('#odds-line', 'data-low'))).toBeCloseTo(want.low, 5);
    expect(Number(await page.getAttribute('#odds-line', 'data-high'))).toBeCloseTo(want.high, 5);
    expect(text).toContain(
      `${want.samples} arrangements of the ${want.unseen} unseen cards solved: ${want.winnable} winnable, ${want.unwinnable} lost`,
    );
    // shown as it refined: counts that only grew, still refining before the end
    const seen = await page.evaluate(() => (window as unknown as { oddsSeen: string[] }).oddsSeen);
    const counts = seen.map((x) => Number(x.split('|')[0] || 0));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(seen.some((x) => x.endsWith(', refining.'))).toBe(true);
    // beside them, the search player's own estimate: its chosen move's chance, as klondike hint gives it
    await page.waitForSelector('#search-estimate:has-text("The search player")');
    const hint = JSON.parse((await runInProcess(['hint', '--seed', '42', '--moves', movesToCompact(g.moves), '--json'])).stdout);
    const chosen = hint.candidates.find((c: { compact: string }) => c.compact === hint.compact);
    expect(await page.textContent('#search-estimate')).toContain(
      `${chosen.wins} of its ${chosen.samples} sampled deals (${(100 * chosen.chance).toFixed(1)}%) can still be won after it`,
    );
    await shot(page, '16-odds');
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('solves a pasted deal (PySol text), and a deck string in the address', async () => {
    const d = dealFromSeed(42, 'solvitaire');
    if (!d.ok) throw new Error(d.error);
    const pysol = formatPosition(dealPosition(d.value), 'pysol');
    const deck = formatPosition(dealPosition(d.value), 'deck');
    if (!pysol.ok || !deck.ok) throw new Error('format');
    const page = await open(browser.url);
    await page.click('#tab-solve');
    await page.check('input[name="source"][value="paste"]');
    await page.fill('#deal-text', pysol.value);
    await page.click('#solve');
    await page.waitForSelector('#verdict.winnable');
    expect(await page.textContent('#verdict')).toMatch(/^This deal is winnable/);
    expect(page.url()).toContain(`#deal=${deck.value.trim()}&draw=3`);
    await page.fill('#deal-text', 'Talon: Xx');
    await page.click('#solve');
    expect(await page.textContent('#form-error')).toMatch(/\S/);
    const again = await open(`${browser.url}#deal=${deck.value.trim()}&draw=3&passes=unlimited`);
    await again.waitForSelector('#verdict.winnable');
    expect(await again.locator('#move-list li').count()).toBe(await page.locator('#move-list li').count());
    expect(problems.splice(0)).toEqual([]);
    await page.close();
    await again.close();
  });

  it('works opened from disk (file://): the worker solves and the game is kept', async () => {
    const file = pathToFileURL(join(dist, 'index.html')).href;
    const page = await open(`${file}#family=solvitaire&seed=42&draw=1&passes=unlimited`);
    await page.waitForSelector('#verdict.winnable');
    expect(await page.textContent('#verdict')).toContain('(draw 1, unlimited passes)');
    await page.click('#w-last');
    expect(await cardsHome(page, '#watch-board')).toBe(52);
    // the same deal in the Play tab (without it, the tab holds a random deal), one card drawn
    await page.click('#play-deal');
    await clickPile(page, 'stock');
    await expect.poll(() => page.getAttribute('#play-board', 'data-moves')).toBe('1');
    await page.reload();
    await page.click('#tab-play');
    expect(await page.getAttribute('#play-board', 'data-moves')).toBe('1');
    const kept = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), GAME_KEY);
    expect([kept?.seed, kept?.rules?.draw]).toEqual(['42', 1]);
    // the search hint's worker runs there too
    await page.selectOption('#p-hint-policy', 'search');
    await page.click('#p-hint');
    await page.waitForSelector('#play-board[data-hint]');
    // the headline beside the candidates, so that a failure says which hint was shown
    const shown = async () => `${await page.textContent('#hint-text')} | ${await page.textContent('#hint-candidates')}`;
    await expect
      .poll(shown)
      .toMatch(new RegExp(` \\| .*\\d+\\.\\d% winnable after it \\(\\d+ of ${DEFAULT_SEARCH.samples} sampled deals\\)`));
    await shot(page, '10-file-url');
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('fits a phone screen', async () => {
    const page = await browser.ctx.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${browser.url}#family=solvitaire&seed=42&draw=3&passes=unlimited`);
    await page.waitForSelector('#verdict.winnable');
    await page.fill('#w-jump', '40');
    await page.press('#w-jump', 'Enter');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const right = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll<HTMLElement>('#watch-board .card')].map((c) => c.getBoundingClientRect().right)),
    );
    expect(right).toBeLessThanOrEqual(390);
    await shot(page, '11-phone-watch');
    await page.click('#tab-play');
    // (the animation settled, for the picture)
    if (SLOW) await page.waitForTimeout(300);
    await shot(page, '12-phone-play');
    await page.close();
  });
});
