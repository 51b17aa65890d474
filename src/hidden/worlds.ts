/**
 * The worlds of the `search` policy (policy-search.ts): complete positions drawn uniformly among
 * those consistent with what the player has seen (sample.ts), each solved within a node budget,
 * never a time budget, so that the same seed plays the same game on any machine. A world won comes
 * with a winning line, its plan; with the cards objective (Vegas), a line to the most cards home.
 * The policy sees the worlds only, never the game: it cannot peek, even through the solver.
 */
import type { AtomicMove } from '../engine/notation.ts';
import type { Position } from '../engine/position.ts';
import { type Budget, mostHome, solve } from '../solver/index.ts';
import type { Rules } from '../types.ts';
import type { Observation } from './observation.ts';
import { Random, sampleWorld } from './sample.ts';

/** A world's verdict, or `stale`: to be solved again before it is weighed. */
export type Status = 'winnable' | 'unwinnable' | 'unknown' | 'stale';

/** What a solve found in a world (or after a candidate segment in it). */
export interface Outcome {
  status: Exclude<Status, 'stale'>;
  /** A winning line when winnable; with the cards objective, a line to the most cards home found. */
  plan: AtomicMove[];
  /** The most cards home found (52 for a win), or -1 when not counted (a verdict solve of a world not won). */
  home: number;
  /** Nodes the solve took (undefined when not solved here). */
  nodes?: number;
}

/** One sampled world and what is known of it. */
export interface World {
  pos: Position;
  status: Status;
  plan: AtomicMove[];
  home: number;
  /** The outcome expected at the end of the segment being played. */
  next: Outcome | undefined;
}

/** What a world's solve may spend: nodes, a multiple of them for a second try, and the table's memory. */
export interface WorldBudget {
  readonly nodes: number;
  /** When a world's verdict solve is undecided, solve it again with `nodes × retry` (0: never). */
  readonly retry: number;
  readonly maxMemoryMb: number;
}

/** The worlds drawn for the present decisions, their generator, and the solves and nodes spent on them. */
export class Worlds {
  list: World[] = [];
  solves = 0;
  nodes = 0;
  private rng: Random;

  constructor(
    seed: number,
    private readonly budget: WorldBudget,
  ) {
    this.rng = new Random(seed);
  }

  /** Forgets every world. */
  clear(): void {
    this.list = [];
  }

  /** Starts the generator again from a seed (the policy seed mixed with what is seen: sample.ts `observationSeed`). */
  reseed(seed: number): void {
    this.rng = new Random(seed);
  }

  /** Draws n more worlds from the observation; returns them. */
  draw(o: Observation, n: number): World[] {
    const out: World[] = [];
    for (let i = 0; i < n; i++) out.push({ pos: sampleWorld(o, this.rng), status: 'stale', plan: [], home: -1, next: undefined });
    this.list.push(...out);
    return out;
  }

  /** Solves a stale world (the verdict, or with `cards` the most cards home), again with a larger budget when undecided. */
  solveWorld(w: World, rules: Rules, cards: boolean): void {
    let r = this.solveAs(w.pos, rules, cards, this.budget.nodes);
    if (!cards && r.status === 'unknown' && this.budget.retry > 0)
      r = this.solveAs(w.pos, rules, false, this.budget.nodes * this.budget.retry);
    w.status = r.status;
    w.plan = r.plan;
    w.home = r.home;
  }

  /** Solves one position within a node budget: the verdict, or with `cards` the most cards home. */
  solveAs(pos: Position, rules: Rules, cards: boolean, nodes: number = this.budget.nodes): Outcome {
    const budget: Budget = { maxNodes: nodes, timeoutMs: Number.POSITIVE_INFINITY, maxMemoryMb: this.budget.maxMemoryMb };
    this.solves++;
    if (cards) {
      const r = mostHome(pos, rules, budget);
      this.nodes += r.stats.nodes;
      return { status: r.verdict, plan: r.moves, home: r.mostHome, nodes: r.stats.nodes };
    }
    const r = solve(pos, rules, budget);
    this.nodes += r.stats.nodes;
    return { status: r.verdict, plan: r.moves, home: r.verdict === 'winnable' ? 52 : -1, nodes: r.stats.nodes };
  }
}

/** One decision's search: the worlds weighed over, and what was found after each candidate in each. */
export interface Round {
  o: Observation;
  /** Whether the cards home are counted (else the worlds won). */
  cards: boolean;
  /** The worlds the candidates are weighed over (it grows while the two best are close). */
  pool: World[];
  /** 1 for each unseen card. */
  hidden: Uint8Array;
  /** The outcome found after each candidate (by key) in each world. */
  after: Map<World, Map<string, Outcome>>;
  /** Where the next extension takes its world among those with a line (they take turns). */
  spread: number;
  /** Nodes within which a win counts as quick (0: not counted, always when counting cards). */
  quick: number;
  /** The most a world can add to a value: 52 cards when counting cards, else one win. */
  top: number;
}

/** Records the outcome found after a candidate in a world. */
export function remember(round: Round, w: World, key: string, r: Outcome): void {
  const m = round.after.get(w) ?? new Map<string, Outcome>();
  round.after.set(w, m);
  m.set(key, r);
}

/** The cards unseen before (`hidden`) that are face up on the tableau or in the waste of a world. */
export function revealedCards(p: Position, hidden: Uint8Array): number[] {
  const out: number[] = [];
  p.tableau.forEach((pile, a) => {
    for (let i = p.faceDown[a]; i < pile.length; i++) if (hidden[pile[i]]) out.push(pile[i]);
  });
  for (const c of p.waste) if (hidden[c]) out.push(c);
  return out.sort((a, b) => a - b);
}

/** A world that moved off its line: a world proved lost stays lost (its count is gone); any other is solved again. */
export function leftPlan(w: World): void {
  if (w.status === 'unwinnable' || w.status === 'unknown') {
    w.plan = [];
    w.home = -1;
  } else setStale(w);
}

/** Marks a world to be solved again, its plan dropped. */
export function setStale(w: World): void {
  w.status = 'stale';
  w.plan = [];
}
