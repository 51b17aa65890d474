/**
 * The game view in headless Chromium, on a phone (390×844 and 320×568, touch) and a desktop:
 * - nothing that appears during a game moves the board, and the solution is shown only after the
 *   player says so; the first position of Solvitaire 4 at draw 1 is not called the end;
 * - on a covered card, both the rank and the suit show on its strip, at 320 and 390 px wide, in
 *   the usual deck and the large-print one; the card back and the deck chosen are drawn and kept;
 * - the game in progress keeps its own rules and scoring: the settings are for the next game;
 * - a shared link asks before it replaces a game in progress (which would count as lost);
 * - the smart tap, the single-key shortcuts and redo; the cards going home by themselves, the
 *   cascade at a win (none under reduced motion) and Play again; winnable deals only (the deal
 *   dealt is winnable for the solver in Node too); the deal of the day, the same in two fresh
 *   private windows; the Vegas bankroll and the Vegas statistics kept apart; the left-handed
 *   layout; the columns centred on the board and the cards sized to the window.
 *
 * Every wait is for the page to get somewhere (the harness's WAIT_MS only catches a page that
 * never answers), each test has the heavy test's timeout, and screenshots go to test-output/web/
 * with SLOW=1.
 *
 * Needs Debian's chromium (/usr/bin/chromium): without it the tests are skipped with a message.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { movesToCompact } from '../../src/engine/notation.ts';
import { dealPosition, makePositionJson } from '../../src/engine/position.ts';
import { solve } from '../../src/solver/index.ts';
import type { Rules } from '../../src/types.ts';
import { dailyCode, localDate } from '../../web/src/daily.ts';
import { GAME_KEY, PlayedGame } from '../../web/src/played-game.ts';
import { SETTINGS_KEY } from '../../web/src/settings.ts';
import { build, seedPosition } from '../support/positions.ts';
import { HEAVY_MS } from '../support/slow.ts';
import { type Browser, CHROMIUM_HINT, closeShared, haveChromium, openContext, outputDir, screenshot } from '../support/web-harness.ts';

if (!haveChromium) console.warn(`web game-view.test.ts: SKIPPED: ${CHROMIUM_HINT}`);

const D1: Rules = { draw: 1, passes: null, foundationReturn: true };
const D3: Rules = { draw: 3, passes: null, foundationReturn: true };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

let dist: string;
let shots: string;
let phone: Browser;
let desktop: Browser;
const problems: string[] = [];

/** Solvitaire `seed` played by the solver's line but its last `left` moves. */
function nearTheEnd(seed: number, rules: Rules, left: number): PlayedGame {
  const sol = solve(seedPosition(seed), rules);
  if (sol.verdict !== 'winnable') throw new Error(`seed ${seed} is ${sol.verdict}`);
  const g = new PlayedGame(seedPosition(seed), rules, { family: 'solvitaire', seed: String(seed) });
  for (const m of sol.moves.slice(0, -left)) g.play(m);
  return g;
}

async function open(b: Browser, url: string, reduce = true): Promise<Page> {
  const page = await b.ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
  await page.goto(url);
  // (a later visit opens on the view last shown)
  if (await page.isHidden('#panel-play')) await page.click('#tab-play');
  await page.waitForSelector('#panel-play:not([hidden])');
  return page;
}

/** Saves a game (and settings) as the app's and reloads on the bare address. */
async function loadGame(page: Page, record: unknown, settings: Record<string, unknown> = {}): Promise<void> {
  await page.evaluate(
    ([k, v, sk, sv]) => {
      localStorage.setItem(k, v);
      localStorage.setItem(sk, sv);
      history.replaceState(null, '', location.pathname);
    },
    [GAME_KEY, JSON.stringify(record), SETTINGS_KEY, JSON.stringify(settings)],
  );
  await page.reload();
  if (await page.isHidden('#panel-play')) await page.click('#tab-play');
  await page.waitForSelector('#panel-play:not([hidden])');
}

const moves = (page: Page) => page.getAttribute('#play-board', 'data-moves');
const shot = (page: Page, name: string) => screenshot(page, shots, name);
/** Where the board is on the page (its top left corner and width). */
const boardBox = (page: Page) =>
  page.evaluate(() => {
    const r = document.getElementById('play-board')!.getBoundingClientRect();
    return { x: r.x + scrollX, y: r.y + scrollY, width: r.width };
  });

const TITLE = `the game view in headless Chromium${haveChromium ? '' : ' (SKIPPED: no chromium)'}`;

describe.skipIf(!haveChromium)(TITLE, { timeout: HEAVY_MS }, () => {
  beforeAll(async () => {
    shots = outputDir();
    dist = inject('webApp'); // the global setup's build: read, never written
    [phone, desktop] = await Promise.all([openContext(dist, PHONE), openContext(dist, { viewport: { width: 1280, height: 800 } })]);
  }, HEAVY_MS);

  afterAll(async () => {
    await Promise.all([phone?.close(), desktop?.close()]);
    await closeShared();
  });

  it('on a phone, nothing that appears during a game moves the board, and the solution needs a yes', async () => {
    // Solvitaire 4 at draw 1: open from its first position (a move is found by going through the stock)
    const page = await open(phone, `${phone.url}#family=solvitaire&seed=4&draw=1&passes=unlimited&view=play`);
    expect(await page.isHidden('#play-end')).toBe(true);
    await loadGame(page, nearTheEnd(42, D3, 12).toRecord(), { autoFinish: false });
    const at = await boardBox(page);
    const still = async (what: string) => expect(await boardBox(page), what).toEqual(at);
    await page.click('#p-hint');
    await page.waitForSelector('#hint-box:not([hidden])');
    await still('a hint');
    const g = PlayedGame.fromRecord(nearTheEnd(42, D3, 12).toRecord());
    if (!g.ok) throw new Error(g.error);
    const atStart = at.y;
    await page.evaluate(() => {
      // the boxes shown as the game goes: none may appear above the board
      const w = window as unknown as { tops: number[] };
      w.tops = [];
      new MutationObserver(() => w.tops.push(document.getElementById('play-board')!.getBoundingClientRect().top + scrollY)).observe(
        document.getElementById('panel-play')!,
        { childList: true, subtree: true, attributes: true },
      );
    });
    // the solver's line to the end, each move by Enter on its pile and Enter on where it goes
    for (const m of solve(g.value.position(), D3).moves) {
      const n = Number(await moves(page));
      await page.focus(`#play-board .slot[data-pile="${m.from}"]`);
      await page.keyboard.press('Enter');
      if (m.from !== 'stock') {
        await page.focus(`#play-board .slot[data-pile="${m.to[0] === 'f' ? m.from : m.to}"]`);
        await page.keyboard.press('Enter');
      }
      await expect.poll(() => moves(page)).toBe(String(n + 1));
    }
    await page.waitForSelector('#p-watch');
    await still('the end of the game and the verdict');
    const tops = await page.evaluate(() => (window as unknown as { tops: number[] }).tops);
    expect(tops.length).toBeGreaterThan(0);
    expect(new Set(tops)).toEqual(new Set([atStart]));
    await shot(page, '30-phone-won');
    const won = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)!), GAME_KEY);
    // stray taps all over the board after the end: none shows the solution
    for (let k = 0; k < 12; k++) {
      await page.touchscreen.tap(at.x + ((k % 4) + 0.5) * (at.width / 4), 300 + Math.floor(k / 4) * 180);
      if (await page.isVisible('#confirm')) await page.click('#confirm-no');
    }
    expect(await page.isVisible('#panel-play')).toBe(true);
    expect(await page.isHidden('#panel-solve')).toBe(true);
    // (the taps may have closed the end panel, or dealt again: the won game shows it again when reloaded)
    await loadGame(page, won);
    await page.waitForSelector('#p-watch');
    // the solution: a tap on it asks first; "Not now" stays in the game
    await page.click('#p-watch');
    await page.waitForSelector('#confirm[open]');
    await page.click('#confirm-no');
    expect(await page.isVisible('#panel-play')).toBe(true);
    await page.click('#p-watch');
    await page.click('#confirm-yes');
    await page.waitForSelector('#panel-solve:not([hidden])');
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('shows the rank and the suit of a covered card on its strip, at 320 and 390 px wide, left-handed and large print too', async () => {
    // long runs on three columns, a few face-down cards under the others, six cards in the stock
    const runs = ['Ks Qh Jc Td 9s 8h 7c 6d 5s 4h 3c 2d', 'Kh Qs Jh Ts 9h 8s 7h', 'Kc Qd Js Th 9c 8d 7s 6h'];
    const rest: string[] = [];
    for (const r of 'A23456789TJQK') for (const su of 'cdhs') if (!runs.join(' ').includes(r + su)) rest.push(r + su);
    const take = (n: number) => rest.splice(0, n).join(' ');
    const start = build({
      piles: [runs[0], `${take(5)} ${runs[1]}`, runs[2], take(2), take(3), take(4), take(5)],
      down: [0, 5, 0, 1, 2, 3, 4],
      stock: take(rest.length),
      foundations: [0, 0, 0, 0],
    });
    // a draw of three: the waste fanned
    const record = { v: 1, start: makePositionJson(start), rules: D3, moves: movesToCompact([{ from: 'stock', to: 'waste', count: 3 }]) };
    const page = await open(phone, phone.url);
    for (const [width, height, leftHanded, largePrint] of [
      [320, 568, false, false],
      [390, 844, false, false],
      [390, 844, true, false],
      [320, 568, false, true],
      [390, 844, false, true],
      [390, 844, true, true],
    ] as const) {
      await page.setViewportSize({ width, height });
      await loadGame(page, record, { leftHanded, largePrint });
      expect((await page.getAttribute('#play-board .board', 'class'))!.split(' ').includes('large-print')).toBe(largePrint);
      const bad = await page.evaluate(() => {
        const out: string[] = [];
        const cards = [...document.querySelectorAll<HTMLElement>('#play-board .card:not(.down)')].filter((c) => !c.hidden);
        const box = (e: Element) => e.getBoundingClientRect();
        for (const c of cards) {
          const r = box(c);
          // the card lying on this one, if any: the next face-up card below it in its column, or on it in the waste fan
          const over = cards.filter(
            (o) =>
              o !== c &&
              Number(o.style.zIndex) > Number(c.style.zIndex) &&
              box(o).left < r.right &&
              box(o).top < r.bottom &&
              box(o).right > r.left &&
              box(o).bottom > r.top,
          );
          const corner = c.querySelector('.corner.tl')!;
          const rank = document.createRange();
          rank.selectNodeContents(corner.firstChild!);
          const parts = { rank: rank.getBoundingClientRect(), suit: box(corner.querySelector('.suit')!) };
          for (const [what, p] of Object.entries(parts)) {
            if (p.width === 0 || p.right > r.right || p.bottom > r.bottom) out.push(`${c.dataset.card} ${what} off its card`);
            for (const o of over) {
              const q = box(o);
              if (p.right > q.left && p.bottom > q.top) out.push(`${c.dataset.card} ${what} under ${o.dataset.card}`);
            }
          }
        }
        // the rank's size, as a share of the card's width
        const corner = document.querySelector('#play-board .card:not(.down) .corner')!;
        return { out, covered: cards.length, rank: Number.parseFloat(getComputedStyle(corner).fontSize) / box(cards[0]).width };
      });
      const name = `${width}${leftHanded ? '-left' : ''}${largePrint ? '-large' : ''}`;
      expect(bad.out, name).toEqual([]);
      expect(bad.covered).toBeGreaterThan(25);
      // large print: a third of the card's width (the usual deck's a quarter or less)
      if (largePrint) expect(bad.rank).toBeGreaterThan(0.32);
      else expect(bad.rank).toBeLessThan(0.28);
      await shot(page, `31-corners-${name}`);
    }
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('draws the card back and the deck chosen, and keeps them through a reload', async () => {
    // a phone of its own, with nothing stored: on the shared one, the game the test before left
    // can save itself again (when its end check answers) after the storage is cleared
    const fresh = await openContext(dist, PHONE);
    try {
      const page = await open(fresh, `${fresh.url}#family=solvitaire&seed=42&draw=3&passes=unlimited&view=play`);
      /** The look of the board: its classes, a face-down card's background, a face-up card's rank size against its width. */
      const look = () =>
        page.evaluate(() => {
          const board = document.querySelector('#play-board .board')!;
          const down = board.querySelector('.card.down')!;
          const up = board.querySelector<HTMLElement>('.card:not(.down)')!;
          const rank = Number.parseFloat(getComputedStyle(up.querySelector('.corner')!).fontSize);
          return {
            classes: [...board.classList].filter((c) => c.startsWith('back-') || c === 'large-print').sort(),
            background: getComputedStyle(down).backgroundImage,
            rank: Math.round((100 * rank) / up.getBoundingClientRect().width),
          };
        });
      const first = await look();
      expect(first.classes).toEqual(['back-blue']);
      expect(first.rank).toBe(27);
      const backgrounds = new Set([first.background]);
      for (const back of ['red', 'green', 'purple']) {
        await page.selectOption('#p-back', back);
        const now = await look();
        expect(now.classes).toEqual([`back-${back}`]);
        backgrounds.add(now.background);
      }
      expect(backgrounds.size, 'four backs, four patterns').toBe(4);
      await page.selectOption('#p-back', 'green');
      await page.check('#p-large');
      const chosen = await look();
      expect(chosen.classes).toEqual(['back-green', 'large-print']);
      expect(chosen.rank).toBe(34);
      await shot(page, '34-green-back-large-print');
      await page.reload();
      await page.waitForSelector('#panel-play:not([hidden])');
      expect(await look()).toEqual(chosen);
      expect(await page.inputValue('#p-back')).toBe('green');
      expect(await page.isChecked('#p-large')).toBe(true);
      expect(problems.splice(0)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('keeps the game its own rules and scoring: the Draw and Scoring settings are for the next game', async () => {
    const page = await open(desktop, `${desktop.url}#family=solvitaire&seed=42&draw=3&passes=unlimited&view=play`);
    await page.evaluate(() => localStorage.removeItem('klondike-solver.settings'));
    await page.reload();
    // the settings sit under "Next game"
    expect(await page.textContent('fieldset:has(#p-draw) legend')).toBe('Next game');
    expect(await page.textContent('fieldset:has(#p-scoring) legend')).toBe('Next game');
    // Ace of diamonds home: 10 points, and the card under it turned: 5
    await page.click('#play-board .card[data-card="1"]');
    await expect.poll(() => page.textContent('#p-score')).toBe('15');
    await page.selectOption('#p-scoring', 'vegas');
    await page.selectOption('#p-draw', '1');
    expect(await page.textContent('#p-score')).toBe('15');
    expect(await page.textContent('#play-deal-name')).toBe('Solvitaire deal 42, draw 3, unlimited passes, standard scoring');
    expect(await page.getAttribute('#p-bank-box', 'class')).toContain('off');
    // a new game: the settings apply
    await page.click('#p-new');
    expect(await page.textContent('#play-deal-name')).toMatch(/^Deal \d{4}…\d{4}, draw 1, 1 pass, Vegas scoring$/);
    expect(await page.textContent('#p-score')).toBe('−$52');
    expect(await page.getAttribute('#p-bank-box', 'class')).not.toContain('off');
    await page.evaluate(() => localStorage.clear());
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('asks before a shared link replaces the game in progress, which only then counts as lost', async () => {
    const page = await open(desktop, desktop.url);
    await page.evaluate(() => localStorage.clear());
    const mine = nearTheEnd(42, D3, 40);
    await loadGame(page, mine.toRecord());
    const link = '#family=solvitaire&seed=7&draw=3&passes=unlimited&view=play';
    const played = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('klondike-solver.stats') ?? '{"draws":{}}').draws['3']?.played ?? 0);
    for (const answer of ['#confirm-no', '#confirm-yes']) {
      await page.evaluate((a) => history.replaceState(null, '', a), link);
      await page.reload();
      await page.waitForSelector('#confirm[open]');
      expect(await page.textContent('#confirm-text')).toMatch(
        /^Open the shared deal \(solvitaire deal 7, draw 3, unlimited passes\)\? The game in progress \(\d+ moves\) counts as lost/,
      );
      // meanwhile the game in progress is shown, and counted nowhere
      expect(await moves(page)).toBe(String(mine.moves.length));
      expect(await played()).toBe(0);
      await page.click(answer);
    }
    await expect.poll(() => page.textContent('#play-deal-name')).toBe('Solvitaire deal 7, draw 3, unlimited passes, standard scoring');
    expect(await moves(page)).toBe('0');
    expect(await played()).toBe(1);
    expect(page.url()).toContain(link);
    await page.evaluate(() => localStorage.clear());
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('moves a card by one tap to its best place; D, U, R, H and N; redo', async () => {
    const page = await open(desktop, `${desktop.url}#family=solvitaire&seed=42&draw=3&passes=unlimited&view=play`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    // a tap on the Ace of diamonds sends it home; one on the Jack of spades (column 2) puts it on the Queen of hearts
    await page.click('#play-board .card[data-card="1"]');
    await expect.poll(() => page.getAttribute('#play-board', 'data-home')).toBe('1');
    const g = new PlayedGame(seedPosition(42), D3);
    g.play({ from: 't6', to: 'fd', count: 1 });
    await page.keyboard.press('d');
    await expect.poll(() => moves(page)).toBe('2');
    await page.keyboard.press('u');
    await expect.poll(() => moves(page)).toBe('1');
    expect(await page.isEnabled('#p-redo')).toBe(true);
    await page.keyboard.press('r');
    await expect.poll(() => moves(page)).toBe('2');
    await page.click('#p-undo');
    await page.click('#p-redo');
    await expect.poll(() => moves(page)).toBe('2');
    expect(await page.isDisabled('#p-redo')).toBe(true);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    await expect.poll(() => moves(page)).toBe('2');
    await page.keyboard.press('h');
    await page.waitForSelector('#hint-box:not([hidden])');
    // N with a game in progress asks first
    await page.keyboard.press('n');
    await page.waitForSelector('#confirm[open]');
    await page.click('#confirm-no');
    expect(await moves(page)).toBe('2');
    expect(await page.textContent('#play-deal-name')).toMatch(/^Solvitaire deal 42/);
    await page.evaluate(() => localStorage.clear());
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('plays the cards home by itself, falls in a cascade at the win (not under reduced motion), and plays again', async () => {
    for (const reduce of [false, true]) {
      const page = await open(desktop, desktop.url, reduce);
      await loadGame(page, nearTheEnd(42, D3, 3).toRecord());
      await expect.poll(() => page.getAttribute('#play-board', 'data-home')).toBe('52');
      await page.waitForSelector('#play-summary');
      const falling = await page.locator('#play-board .card.cascade').count();
      expect(falling, `reduced motion: ${reduce}`).toBe(reduce ? 0 : 52);
      if (!reduce)
        expect(await page.evaluate(() => document.querySelector('#play-board .card')!.getAnimations().length)).toBeGreaterThan(0);
      const link = await page.getAttribute('#p-link', 'href');
      await page.click('#p-again');
      await expect.poll(() => moves(page)).toBe('0');
      // "Play again" deals a random deal: 19 of 5,000 random deals at draw 3 are proved stuck from the start
      // (nothing can ever turn a card or send one home), and the end panel then says so at once
      const stuck = (await page.getAttribute('#play-board', 'data-end')) === 'stuck';
      expect(await page.isHidden('#play-end'), `a new deal, ${stuck ? '' : 'not '}proved stuck`).toBe(!stuck);
      expect(await page.getAttribute('#p-link', 'href')).not.toBe(link);
      expect(await page.locator('#play-board .card.cascade').count()).toBe(0);
      await page.evaluate(() => localStorage.clear());
      await page.close();
    }
    expect(problems.splice(0)).toEqual([]);
  });

  it('deals, with "winnable deals only", a deal the solver proves winnable', async () => {
    const page = await open(desktop, desktop.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.selectOption('#p-draw', '1');
    await page.check('#p-winnable');
    expect(await page.textContent('#p-winnable-help')).toContain('perfect play, by a player who knew every card');
    await page.click('#p-new');
    await expect.poll(() => page.textContent('#play-deal-name')).toMatch(/\(proved winnable\), draw 1, unlimited passes/);
    const seed = (await page.getAttribute('#p-link', 'href'))!.match(/seed=(\d+)/)![1];
    const d = dealFromSeed(BigInt(seed), 'exact');
    if (!d.ok) throw new Error(d.error);
    expect(solve(dealPosition(d.value), D1).verdict).toBe('winnable');
    await page.evaluate(() => localStorage.clear());
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('deals the same deal of the day in two fresh private windows, with its proved verdict', async () => {
    const date = new Date('2026-05-17T09:30:00');
    const links: string[] = [];
    for (let k = 0; k < 2; k++) {
      const b = await openContext(dist);
      try {
        const page = await b.ctx.newPage();
        page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
        await page.clock.setFixedTime(date);
        await page.goto(b.url);
        await page.click('#p-daily');
        links.push((await page.getAttribute('#p-link', 'href'))!);
        expect(await page.textContent('#play-deal-name')).toMatch(/^The deal of the day 2026-05-17/);
        if (k === 0) {
          const seed = links[0].match(/seed=(\d+)/)![1];
          const d = dealFromSeed(BigInt(seed), 'exact');
          if (!d.ok) throw new Error(d.error);
          const want = solve(dealPosition(d.value), D3).verdict;
          await expect.poll(() => page.getAttribute('#daily-text', 'data-verdict')).toBe(want);
        }
      } finally {
        await b.close();
      }
    }
    expect(links[1]).toBe(links[0]);
    expect(links[0]).toBe(`#family=exact&seed=${dailyCode(localDate(date))}&draw=3&passes=unlimited&view=play`);
    expect(problems.splice(0)).toEqual([]);
  });

  it('keeps a Vegas bankroll across games and the Vegas statistics apart from the standard ones', async () => {
    const page = await open(desktop, desktop.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.selectOption('#p-scoring', 'vegas');
    await page.click('#p-new');
    expect(await page.textContent('#p-bank')).toBe('−$52');
    await page.keyboard.press('d');
    await expect.poll(() => moves(page)).toBe('1');
    const dollars = await page.textContent('#p-score');
    await page.click('#p-new');
    await expect.poll(() => moves(page)).toBe('0');
    // the game left counted in Vegas only; the new one's −$52 added to the bankroll shown
    const left = Number(dollars!.replace('−$', '-').replace('$', ''));
    const money = (n: number) => (n < 0 ? `−$${-n}` : `$${n}`);
    expect(await page.textContent('#p-bank')).toBe(money(left - 52));
    await page.click('#tab-stats');
    expect(await page.textContent('#stats-tables td[data-draw="v3"][data-stat="played"]')).toBe('1');
    expect(await page.textContent('#stats-tables td[data-draw="3"][data-stat="played"]')).toBe('0');
    expect(await page.textContent('#stats-bankroll')).toContain(`Vegas bankroll: ${money(left)}`);
    await shot(page, '32-vegas-statistics');
    await page.evaluate(() => localStorage.clear());
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });

  it('lays the board out for the left hand, centres the columns and sizes the cards to the window', async () => {
    const page = await open(desktop, `${desktop.url}#family=solvitaire&seed=42&draw=3&passes=unlimited&view=play`);
    const x = (pile: string) =>
      page.evaluate((p) => document.querySelector(`#play-board .slot[data-pile="${p}"]`)!.getBoundingClientRect().x, pile);
    // centred: as much felt left of column 1 as right of column 7
    const felt = await page.evaluate(() => {
      const t = document.querySelector('#play-board .board')!.getBoundingClientRect();
      const r = (p: string) => document.querySelector(`#play-board .slot[data-pile="${p}"]`)!.getBoundingClientRect();
      return { left: r('t1').left - t.left, right: t.right - r('t7').right };
    });
    expect(Math.abs(felt.left - felt.right)).toBeLessThanOrEqual(1);
    expect(await x('stock')).toBeLessThan(await x('fc'));
    const columns = await Promise.all(['t1', 't7'].map(x));
    await page.check('#p-left');
    await expect.poll(async () => (await x('stock')) > (await x('fs'))).toBe(true);
    expect(await x('fs')).toBeLessThan(await x('t2'));
    expect(await Promise.all(['t1', 't7'].map(x))).toEqual(columns);
    await shot(page, '33-left-handed');
    await page.uncheck('#p-left');
    // a lower window: smaller cards
    const width = () => page.evaluate(() => document.querySelector('#play-board .card')!.getBoundingClientRect().width);
    const tall = await width();
    await page.setViewportSize({ width: 1280, height: 600 });
    await expect.poll(width).toBeLessThan(tall);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => localStorage.clear());
    expect(problems.splice(0)).toEqual([]);
    await page.close();
  });
});
