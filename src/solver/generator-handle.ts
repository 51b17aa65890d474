/**
 * The solver's move generator: stock macro-moves and pruned tableau moves, scored (order.ts) and
 * sorted. The work is done in WebAssembly (src/core/generate.ts, where the kinds of move and the
 * rules they apply are described; core-instance.ts loads it), where the search (src/core/search.ts) calls
 * it at each position. A `Generator` holds a search's switches and its move-order noise, hands
 * them to the core, and (for the tests) hands it a position and copies the moves out.
 *
 * A search's state keeps its arrays in its core's memory (state.ts `backing`, search-driver.ts); a state
 * elsewhere is copied in at each call. Several generators may share a core (the staged solve's
 * searches share their Solver's memory): the one that calls sets the core's rules and switches
 * again when another had set them.
 */
import * as MoveEncoding from '../core/shared/move-encoding.ts';
import type { State } from '../engine/state.ts';
import { Core } from './core-instance.ts';
import type { Pruning } from './options.ts';

export { MOVES_PER_NODE } from '../core/shared/frames.ts';
import { MOVES_PER_NODE } from '../core/shared/frames.ts';
/** Flag on a partial T2T move: then play the card it uncovers to its foundation (twinSwaps). */
export const HOME_AFTER = MoveEncoding.HOME_AFTER;

/** Generates the solver's moves for one search (a state and its resolved pruning switches). */
export class Generator {
  private readonly core: Core;
  /** The state's arrays lie in the core's memory (else they are copied there at each call). */
  private readonly inCore: boolean;
  /** The switches, as the core reads them. */
  private readonly switches: number;
  /** The noise, where it ends, and its generator's state (order.ts `addNoise`). */
  private noise = 0;
  private noiseDepth = 0;
  private rng = 1;

  constructor(
    private readonly s: State,
    pr: Pruning,
    private readonly moves: Int32Array,
    core?: Core,
    counting = false,
  ) {
    this.core = core ?? new Core();
    this.inCore = s.bytes.buffer === this.core.state.buffer && s.bytes.byteOffset === this.core.state.byteOffset;
    this.switches =
      (pr.partialRuns ? 1 : 0) |
      (pr.foundationReturns ? 2 : 0) |
      (pr.oneEmptyColumn ? 4 : 0) |
      (pr.twinSwaps ? 8 : 0) |
      (pr.emptyForKing ? 16 : 0) |
      (pr.safeFoundation ? 32 : 0) |
      (counting ? 64 : 0) |
      (pr.keepSafeHome ? 128 : 0);
  }

  /**
   * The moves of the position into moves[base …], in the order to try them; returns how many.
   * `mode` and `rCol` are the restriction left by the previous move (pruning.ts).
   */
  generate(base: number, rCol: number, mode: number): number {
    const x = this.prepare();
    const noisy = this.noise > 0 && base < this.noiseDepth * MOVES_PER_NODE;
    const n = x.generate(noisy ? 1 : 0, rCol, mode);
    if (noisy) this.rng = x.noiseState();
    return this.copyOut(base, n);
  }

  /** After a pile was emptied (EMPTIED): every way to put a King into an empty pile, in the core's order; returns how many. */
  kingsForEmptied(base: number): number {
    return this.copyOut(base, this.prepare().kingsForEmptied());
  }

  /**
   * From now on, adds noise in [0, noise) to each move's score in the frames of depth below
   * `depth` (the deeper ones keep the plain order), from a generator seeded with `seed`.
   */
  setNoise(noise: number, seed: number, depth: number): void {
    this.noise = noise;
    this.noiseDepth = depth;
    this.rng = seed | 0 || 1;
    if (this.core.owner === this) this.core.x.setNoise(noise, this.rng);
  }

  /** The depth below which frames get noise (0: none). */
  get noiseBelow(): number {
    return this.noise > 0 ? this.noiseDepth : 0;
  }

  /** Hands the core to this generator for a search run there (the position lies in it). */
  claim(): void {
    this.prepare();
  }

  /** After a search run in the core: the noise generator's state, for the next run. */
  release(): void {
    if (this.noise > 0) this.rng = this.core.x.noiseState();
  }

  /** The core, holding this generator's rules and switches (and the position, when it lies elsewhere). */
  private prepare(): Core['x'] {
    const core = this.core;
    const x = core.x;
    if (core.owner !== this || !this.inCore) {
      const s = this.s;
      x.configure(s.draw, s.passLimit === Infinity ? 1 : 0, s.foundationReturn ? 1 : 0, this.switches);
      if (this.noise > 0) x.setNoise(this.noise, this.rng);
      core.owner = this;
    }
    core.load(this.s);
    return x;
  }

  private copyOut(base: number, n: number): number {
    const { moves } = this;
    const out = this.core.out;
    for (let k = 0; k < n; k++) moves[base + k] = out[k];
    return n;
  }
}
