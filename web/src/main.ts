/**
 * The app's entry: the deal form (a seed of a family, or a pasted deal in any format the library
 * reads), the rules, the three views (play; solve and watch; statistics), the address (a link with
 * a deal in it opens the app on that deal), the screen-reader announcements, and the service worker
 * that keeps the app working offline (sw.js, built by vite.config.ts) when it is served over http.
 * A first visit opens on a game; later visits on the view last shown.
 *
 * A lost deal gets a second search after its verdict, in the same worker: `mostHome`, the most
 * cards it can send home at once and the line that does, which the viewer plays. It has a node
 * budget of its own (at most `MOST_HOME_NODES`) besides the form's seconds and table memory, as the
 * count is a bonus on a verdict already earned; Stop ends it like any search.
 */
import {
  FAMILY_RANGES,
  dealFromSeed,
  formatPosition,
  parsePosition,
  type Position,
  dealPosition,
  isFreshDeal,
  type MostHomeResult,
  type Budget,
  type SolveResult,
  type Family,
  type Result,
  type Rules,
  err,
  ok,
  rulesLabel,
  validateRules,
} from '../../src/index.ts';
import type { DealName } from './played-game.ts';
import { type DealRequest, type DealSource, makeDealParams, parseDealParams } from './params.ts';
import { randomDealCode } from './dealer.ts';
import { Play } from './play.ts';
import { dealTitle } from './scoreboard.ts';
import { SolverClient, type WatchedResult } from './solver-client.ts';
import { Watch } from './watch.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const announcer = $('announce');
/** Says a sentence to screen readers (the live region is cleared first so a repeat is heard). */
function announce(text: string): void {
  announcer.textContent = '';
  window.setTimeout(() => {
    announcer.textContent = text;
  }, 30);
}

/** A deal to work on: its start, rules, name, and the request that names it in an address (when one can). */
interface Chosen {
  start: Position;
  rules: Rules;
  name: DealName;
  request?: DealRequest;
}

const form = {
  source: () => (document.querySelector<HTMLInputElement>('input[name="source"]:checked')?.value ?? 'seed') as 'seed' | 'paste',
  family: $<HTMLSelectElement>('family'),
  seed: $<HTMLInputElement>('seed'),
  text: $<HTMLTextAreaElement>('deal-text'),
  draw: $<HTMLSelectElement>('draw'),
  passes: $<HTMLSelectElement>('passes'),
  ret: $<HTMLInputElement>('foundation-return'),
  error: $('form-error'),
};

function showSource(kind: 'seed' | 'paste'): void {
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name="source"]')) r.checked = r.value === kind;
  document.querySelector<HTMLElement>('.by-seed')!.hidden = kind !== 'seed';
  document.querySelector<HTMLElement>('.by-paste')!.hidden = kind !== 'paste';
}
for (const r of document.querySelectorAll<HTMLInputElement>('input[name="source"]'))
  r.addEventListener('change', () => showSource(form.source()));

/** Selects `value` in a select, adding an option for it when the list lacks one. */
function choose(sel: HTMLSelectElement, value: string, text: string): void {
  if (![...sel.options].some((o) => o.value === value)) sel.add(new Option(text, value));
  sel.value = value;
}

function rulesFromForm(): Result<Rules> {
  const passes = form.passes.value === 'unlimited' ? null : Number(form.passes.value);
  return validateRules({ draw: Number(form.draw.value), passes, foundationReturn: form.ret.checked });
}

/** The deal and rules the form describes, or a one-line error. */
function chosenFromForm(): Result<Chosen> {
  const rules = rulesFromForm();
  if (!rules.ok) return rules;
  if (form.source() === 'paste') {
    const r = parsePosition(form.text.value);
    if (!r.ok) return err(r.error);
    const start = r.value.position;
    const deck = isFreshDeal(start) ? formatPosition(start, 'deck') : undefined;
    const request: DealRequest | undefined = deck?.ok
      ? { source: { kind: 'deck', deck: deck.value.trim() }, rules: rules.value, view: 'solve' }
      : undefined;
    return ok({ start, rules: rules.value, name: {}, request });
  }
  const family = form.family.value as Family;
  const req = parseDealParams(`family=${encodeURIComponent(family)}&seed=${encodeURIComponent(form.seed.value.trim())}`);
  if (!req.ok) return req;
  if (req.value?.source.kind !== 'seed') return err('enter a seed');
  const seed = req.value.source.seed;
  const deal = dealFromSeed(BigInt(seed), family);
  if (!deal.ok) return deal;
  return ok({
    start: dealPosition(deal.value),
    rules: rules.value,
    name: { family, seed },
    request: { source: { kind: 'seed', family, seed }, rules: rules.value, view: 'solve' },
  });
}

/** Fills the form from an address request. */
function fillForm(r: DealRequest): void {
  const s: DealSource = r.source;
  if (s.kind === 'seed') {
    showSource('seed');
    form.family.value = s.family;
    form.seed.value = s.seed;
  } else {
    showSource('paste');
    form.text.value = s.deck;
  }
  choose(form.draw, String(r.rules.draw), `${r.rules.draw} cards`);
  choose(form.passes, r.rules.passes === null ? 'unlimited' : String(r.rules.passes), String(r.rules.passes));
  form.ret.checked = r.rules.foundationReturn;
}

function budgetFromForm(): Result<Budget> {
  const num = (id: string, what: string, min: number): Result<number> => {
    const t = $<HTMLInputElement>(id).value.trim();
    const n = Number(t);
    return t !== '' && Number.isFinite(n) && n >= min ? ok(n) : err(`${what} must be a number ≥ ${min}, got ${JSON.stringify(t)}`);
  };
  const nodes = num('max-nodes', 'positions', 1);
  if (!nodes.ok) return nodes;
  const secs = num('timeout', 'seconds', 0.1);
  if (!secs.ok) return secs;
  const mem = num('max-memory', 'table memory', 16);
  if (!mem.ok) return mem;
  return ok({ maxNodes: Math.floor(nodes.value), timeoutMs: secs.value * 1000, maxMemoryMb: Math.floor(mem.value) });
}

// ---- tabs ----
const VIEWS = ['play', 'solve', 'stats'] as const;
type View = (typeof VIEWS)[number];
/** The address of the deal last solved (the solve view's). */
let solveRequest: DealRequest | undefined;
function showView(v: View, focus = false): void {
  for (const k of VIEWS) {
    const tab = $(`tab-${k}`);
    tab.setAttribute('aria-selected', String(k === v));
    tab.tabIndex = k === v ? 0 : -1;
    $(`panel-${k}`).hidden = k !== v;
  }
  // The deal form belongs to the solver; the game has its own buttons.
  $('deal-form').hidden = v !== 'solve';
  if (focus) $(`tab-${v}`).focus();
  if (v === 'play') setAddress(play.request());
  else if (v === 'solve') setAddress(solveRequest);
  try {
    localStorage.setItem('klondike-solver.view', v);
  } catch {}
}
VIEWS.forEach((k, i) => {
  $(`tab-${k}`).addEventListener('click', () => showView(k));
  $(`tab-${k}`).addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      showView(VIEWS[(i + (e.key === 'ArrowRight' ? 1 : VIEWS.length - 1)) % VIEWS.length], true);
    }
  });
});

// ---- solve and watch ----
const solver = new SolverClient();
const watch = new Watch(announce);
let ticking: number | undefined;
/** Counts the searches started on `solver`: an answer for an older one is not shown. */
let searchId = 0;
/** The most positions the most-cards-home search of a lost deal may visit. */
const MOST_HOME_NODES = 20_000_000;

function setAddress(r: DealRequest | undefined): void {
  const url = r ? `#${makeDealParams(r)}` : location.pathname + location.search;
  try {
    history.replaceState(null, '', url);
  } catch {
    // Some browsers refuse replaceState on file:// pages; the address is a convenience.
  }
}

function showResult(c: Chosen, result: WatchedResult): void {
  if (solver.busy) {
    // A verdict from elsewhere (the game view) replaces whatever this view was still searching.
    searchId++;
    solver.stop();
    setBusy(false);
  }
  const v = $('verdict');
  const what = c.name.seed !== undefined ? `${c.name.family} deal ${c.name.seed}` : 'This deal';
  const text: Record<SolveResult['verdict'], string> = {
    winnable: `${what} is winnable (${rulesLabel(c.rules)}).`,
    unwinnable: `${what} is unwinnable (${rulesLabel(c.rules)}): no sequence of moves wins it${result.proof === 'relaxed' ? ', not even with draw 1 and unlimited passes' : ''}.`,
    unknown: `${what}: unknown. The ${result.reason ?? ''} budget ran out before the search decided; raise the search budget to go further.`,
  };
  v.textContent = text[result.verdict];
  v.className = result.verdict;
  const s = result.stats;
  $('solve-stats').textContent =
    `${s.nodes.toLocaleString('en')} positions searched, ${s.uniqueStates.toLocaleString('en')} distinct, ` +
    `${s.ttHits.toLocaleString('en')} table hits, ${s.ms < 1000 ? `${s.ms.toFixed(1)} ms` : `${(s.ms / 1000).toFixed(2)} s`}` +
    (result.verdict === 'winnable'
      ? ` · solution of ${result.moves.length} moves` +
        (result.firstLength !== undefined && result.firstLength > result.moves.length
          ? ` (first found ${result.firstLength}, detours taken out)`
          : '')
      : '');
  watch.load(c.start, c.rules, result.verdict === 'winnable' ? result.moves : []);
  announce(v.textContent);
  $('most-home').hidden = true;
  if (result.verdict === 'unwinnable') findMostHome(c);
}

/** `n cards`, or `1 card`. */
const cards = (n: number) => `${n} card${n === 1 ? '' : 's'}`;

/** Searches the most cards a lost deal can send home (in the worker) and offers its line to watch. */
async function findMostHome(c: Chosen): Promise<void> {
  const id = ++searchId;
  const given = budgetFromForm();
  const b: Budget = given.ok ? given.value : { timeoutMs: 60_000, maxMemoryMb: 512 };
  const budget: Budget = { ...b, maxNodes: Math.min(MOST_HOME_NODES, b.maxNodes ?? MOST_HOME_NODES) };
  const text = $('most-home-text');
  const button = $<HTMLButtonElement>('watch-most');
  $('most-home').hidden = false;
  button.hidden = true;
  text.textContent = 'Lost: searching for the most cards that can go home…';
  setBusy(true, budget, 'most cards home: searching…');
  const o = await solver.run('mostHome', { position: c.start, rules: c.rules, budget });
  if (id !== searchId) return;
  setBusy(false);
  if (o.kind !== 'done') {
    text.textContent =
      o.kind === 'stopped'
        ? 'Lost: the search for the most cards that can go home was stopped.'
        : `The search for the most cards that can go home failed: ${o.message}`;
    announce(text.textContent);
    return;
  }
  const r: MostHomeResult = o.result;
  // The verdict proved 52 out of reach, whatever bound this search proved by itself.
  const bound = Math.min(r.bound, 51);
  const found = r.proved
    ? r.mostHome === 0
      ? 'Lost: no card can go home (proved)'
      : `Lost: at most ${cards(r.mostHome)} can go home (proved)`
    : `Lost: a line sends ${cards(r.mostHome)} home; no line sends more than ${bound} (not proved: the ${r.reason ?? ''} budget ran out)`;
  text.textContent = r.moves.length > 0 ? `${found};` : `${found}.`;
  button.hidden = r.moves.length === 0;
  button.textContent = 'watch that line';
  button.onclick = () => {
    watch.load(c.start, c.rules, r.moves);
    announce(`The line that sends ${cards(r.mostHome)} home, ${r.moves.length} moves, is loaded in the viewer.`);
  };
  announce(`${found}.`);
}

/** Positions the running search has reported so far (the worker says every ~100 ms). */
let searched = 0;

function setBusy(busy: boolean, budget?: Budget, label = 'searching…'): void {
  $<HTMLButtonElement>('solve').disabled = busy;
  $<HTMLButtonElement>('stop').disabled = !busy;
  $('progress').hidden = !busy;
  if (ticking !== undefined) window.clearInterval(ticking);
  ticking = undefined;
  searched = 0;
  if (busy && budget) {
    const t0 = performance.now();
    const total = budget.timeoutMs ?? 60_000;
    const bar = $<HTMLProgressElement>('progress-bar');
    const tick = () => {
      const ms = performance.now() - t0;
      bar.value = Math.min(1, ms / total);
      const nodes = searched > 0 ? ` · ${searched.toLocaleString('en')} positions` : '';
      $('progress-text').textContent = `${label} ${(ms / 1000).toFixed(1)} s of at most ${(total / 1000).toFixed(0)} s${nodes}`;
    };
    tick();
    ticking = window.setInterval(tick, 200);
  }
}

async function runSolve(c: Chosen): Promise<void> {
  const budget = budgetFromForm();
  if (!budget.ok) {
    form.error.textContent = budget.error;
    return;
  }
  form.error.textContent = '';
  const id = ++searchId;
  solveRequest = c.request;
  showView('solve');
  $('most-home').hidden = true;
  watch.load(c.start, c.rules, []);
  $('verdict').textContent = 'Solving…';
  $('verdict').className = '';
  $('solve-stats').textContent = '';
  setBusy(true, budget.value);
  const o = await solver.solve(c.start, c.rules, budget.value, (nodes) => {
    searched = nodes;
  });
  if (id !== searchId) return;
  setBusy(false);
  if (o.kind === 'done') showResult(c, o.result);
  else {
    $('verdict').textContent =
      o.kind === 'stopped' ? 'Stopped: the search was ended before it decided.' : `The solver failed: ${o.message}`;
    $('verdict').className = 'unknown';
    announce($('verdict').textContent!);
  }
}

$('deal-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const c = chosenFromForm();
  if (!c.ok) {
    form.error.textContent = c.error;
    return;
  }
  runSolve(c.value);
});
$('stop').addEventListener('click', () => solver.stop());
$('random-seed').addEventListener('click', () => {
  form.seed.value = randomSeed(form.family.value as Family);
});

/** A random seed of a family, in digits: any of the 52! deals for the big families (`randomCode`). */
function randomSeed(family: Family): string {
  if (FAMILY_RANGES[family].max > 2n ** 32n) return randomDealCode();
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return String(FAMILY_RANGES[family].max < 2n ** 32n - 1n ? a[0] >>> 1 : a[0]);
}

// ---- play ----
const play = new Play({
  announce,
  watchVerdict: (start, rules, name, result) => {
    if (name.seed !== undefined && name.family)
      fillForm({ source: { kind: 'seed', family: name.family, seed: name.seed }, rules, view: 'solve' });
    solveRequest = undefined;
    showView('solve', true);
    showResult({ start, rules, name }, result);
  },
  watchLine: (start, rules, moves, caption) => {
    if (solver.busy) {
      searchId++;
      solver.stop();
      setBusy(false);
    }
    solveRequest = undefined;
    showView('solve', true);
    watch.load(start, rules, moves);
    $('verdict').textContent = caption;
    $('verdict').className = 'winnable';
    $('solve-stats').textContent = '';
    $('most-home').hidden = true;
    announce(`${caption} It is loaded in the viewer.`);
  },
  started: (request) => {
    if (!$('panel-play').hidden) setAddress(request);
  },
});
$('play-deal').addEventListener('click', async () => {
  const c = chosenFromForm();
  if (!c.ok) {
    form.error.textContent = c.error;
    return;
  }
  form.error.textContent = '';
  if (await play.mayLeave('Play this deal?', 'Play this deal')) {
    play.start(play.gameOf(c.value.start, c.value.rules, c.value.name));
    showView('play');
  }
});

/** Opens a shared deal in the game view, once the player agrees to leave a game in progress. */
async function openShared(c: Chosen): Promise<void> {
  const title = dealTitle(c.name);
  if (!(await play.mayLeave(`Open the shared deal (${title}, ${rulesLabel(c.rules)})?`, 'Open the shared deal'))) {
    announce('Kept your game.');
    return;
  }
  play.start(play.gameOf(c.start, c.rules, c.name), false);
  announce(`Opened the shared deal: ${play.title()}.`);
}

// ---- start-up: the address first, then the saved game ----
function startUp(): void {
  // (read before the saved game is restored, which puts the game's own address there)
  const address = location.hash.length > 1 ? location.hash : location.search;
  const restored = play.restore();
  if (restored.error) form.error.textContent = `The saved game could not be read (${restored.error}); it was kept aside.`;
  const statsError = play.stats.load();
  if (statsError) form.error.textContent = `The statistics could not be read (${statsError}); they were kept aside.`;
  const req = parseDealParams(address);
  if (!req.ok) form.error.textContent = `The address does not name a deal: ${req.error}`;
  else if (req.value) {
    fillForm(req.value);
    const c = chosenFromForm();
    if (!c.ok) form.error.textContent = c.error;
    else if (req.value.view === 'play') {
      const g = play.game;
      const same =
        g !== undefined &&
        JSON.stringify(g.name) === JSON.stringify(c.value.name) &&
        JSON.stringify(g.start) === JSON.stringify(c.value.start) &&
        JSON.stringify(g.rules) === JSON.stringify(c.value.rules);
      if (!play.game) play.start(play.gameOf(c.value.start, c.value.rules, c.value.name), false);
      showView('play');
      // (a saved game stays, with its own address, until the player says the shared deal may replace it)
      if (!same && play.game?.start !== c.value.start) openShared(c.value);
      return;
    } else {
      if (!play.game) play.newGame(false);
      runSolve(c.value);
      return;
    }
  }
  if (!play.game) play.newGame(false);
  let last: string | null = null;
  try {
    last = localStorage.getItem('klondike-solver.view');
  } catch {}
  const c = chosenFromForm();
  if (c.ok) watch.load(c.value.start, c.value.rules, []);
  showView(VIEWS.find((v) => v === last) ?? 'play');
}
startUp();

// ---- offline and installable: the manifest, and the service worker that keeps the app's files ----
// (over http only: a page opened from disk can fetch neither, and has its files anyway)
if (location.protocol === 'https:' || location.protocol === 'http:') {
  const manifest = document.createElement('link');
  manifest.rel = 'manifest';
  manifest.href = './manifest.webmanifest';
  // iOS takes its home-screen icon from this link, not from the manifest
  const touchIcon = document.createElement('link');
  touchIcon.rel = 'apple-touch-icon';
  touchIcon.href = './apple-touch-icon.png';
  document.head.append(manifest, touchIcon);
  navigator.serviceWorker?.register('./sw.js').catch(() => {
    // Without it the app works as before, online only.
  });
}
