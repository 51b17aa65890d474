/**
 * The memory of a Solver's searches: the solver's core (one WebAssembly instance: the search's
 * position, frames, moves and path, its loop, and its transposition table), made once by a Solver
 * and reused by every search it runs, one at a time.
 */
import { Core, pagesFor } from './core-instance.ts';
import { type TableSnapshot, TranspositionTable } from './table-handle.ts';

/**
 * Past this many bytes written by its table, a core is let go after its solve (`renewIfLarge`):
 * a WebAssembly memory keeps every page written until it is freed, and a thread that once met a
 * large search would otherwise keep that memory for the rest of its batch.
 */
export const RENEW_BYTES = 256 * 2 ** 20;

export class SearchMemory {
  private current: Core | undefined;
  private tt: TranspositionTable | undefined;

  /** The core, made on first use with room for a table of at least 64 MiB. */
  get core(): Core {
    this.current ??= new Core();
    return this.current;
  }

  /**
   * Between solves (no search of the old core goes on after): a fresh core in place of one whose
   * table has written more than `limit` bytes, so that the old one's memory can be freed.
   */
  renewIfLarge(limit = RENEW_BYTES): void {
    if (!this.tt || this.tt.highWater <= limit) return;
    this.current = undefined;
    this.tt = undefined;
  }

  /** The core's transposition table, emptied, with a budget of `maxMemoryMb`. */
  table(maxMemoryMb: number): TranspositionTable {
    // a core's memory holds what its table's budget needs: a larger budget takes a new core
    const pages = pagesFor(maxMemoryMb);
    if (!this.current || this.current.pages < pages) {
      this.current = new Core(pages);
      this.tt = undefined;
    }
    if (!this.tt) this.tt = new TranspositionTable(maxMemoryMb, undefined, this.core);
    else this.tt.reset(maxMemoryMb);
    return this.tt;
  }

  /** The keys in the table now (`TranspositionTable.snapshot`). */
  snapshot(): TableSnapshot | undefined {
    return this.tt?.snapshot();
  }
}
