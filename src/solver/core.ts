/**
 * The solver's core in WebAssembly (src/core/, compiled by `npm run build` into core-binary.ts):
 * the move generator. One `Core` is one instance of the module, with its own memory: the position
 * the solver's state keeps there (state.ts, a state made with `backing`) and the moves of the last
 * call. The module is compiled once per thread, on first use (about a millisecond); an instance's
 * memory is one 64 KiB page and never grows, so the views on it stay valid.
 */
import * as Layout from '../layout.ts';
import { CORE_WASM } from './core-binary.ts';

/** What the module exports (src/core/generate.ts). */
interface CoreExports {
  memory: WebAssembly.Memory;
  statePtr(): number;
  outPtr(): number;
  outMoves(): number;
  configure(draw: number, unlimited: number, returns: number, switches: number): void;
  setNoise(amount: number, seed: number): void;
  noiseState(): number;
  generate(noisy: number, rCol: number, mode: number, n: number, w: number, redealLeft: number, lastSafe: number): number;
  kingsForEmptied(n: number, w: number, redealLeft: number): number;
  noiseOf(amount: number, seed: number, n: number): number;
  reachOf(n: number, w: number, redealLeft: number): number;
  sortOut(n: number): void;
}

let compiled: WebAssembly.Module | undefined;

function decode(base64: string): Uint8Array<ArrayBuffer> {
  if (typeof Buffer !== 'undefined') return new Uint8Array(Buffer.from(base64, 'base64'));
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export class Core {
  readonly x: CoreExports;
  /** The position's bytes (state.ts lays its arrays out there). */
  readonly state: Uint8Array;
  /** The moves of the last call. */
  readonly out: Int32Array;
  /** Whose rules and switches the instance holds now (the generator that configured it last). */
  owner: unknown;

  constructor() {
    compiled ??= new WebAssembly.Module(decode(CORE_WASM));
    const instance = new WebAssembly.Instance(compiled, {
      env: {
        abort() {
          throw new Error('internal: the solver core stopped');
        },
      },
    });
    this.x = instance.exports as unknown as CoreExports;
    const buffer = this.x.memory.buffer;
    this.state = new Uint8Array(buffer, this.x.statePtr(), Layout.BACKING_BYTES);
    this.out = new Int32Array(buffer, this.x.outPtr(), this.x.outMoves());
  }

  /** The stock list the generator works from (for the tests), under a draw of `draw`: deck indices cheapest first, and their costs. */
  reach(n: number, w: number, redealLeft: boolean, draw: number): { indices: number[]; costs: number[] } {
    this.owner = undefined;
    this.x.configure(draw, 1, 1, 0);
    const k = this.x.reachOf(n, w, redealLeft ? 1 : 0);
    return { indices: Array.from(this.out.subarray(0, k)), costs: Array.from(this.out.subarray(k, 2 * k)) };
  }

  /** The move-order noise alone (for the tests): n amounts in [0, amount) from the xorshift state `seed`, and the next state. */
  noise(amount: number, seed: number, n: number): { amounts: number[]; next: number } {
    this.owner = undefined;
    const next = this.x.noiseOf(amount, seed, n);
    return { amounts: Array.from(this.out.subarray(0, n)), next };
  }

  /** The move-order sort alone (for the tests): the moves ordered by their scores, highest first, stable. */
  sort(moves: number[], scores: number[]): number[] {
    this.owner = undefined;
    const n = moves.length;
    this.out.set(moves, 0);
    this.out.set(scores, n);
    this.x.sortOut(n);
    return Array.from(this.out.subarray(0, n));
  }
}
