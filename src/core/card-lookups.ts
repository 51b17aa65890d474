/**
 * The core's card lookups: rank, colour, the two cards a card goes on and the two that go on it,
 * for cards 0…52 (52: no card), built at start from the relations of shared/card-relations.ts,
 * which the rules engine's lookups are built from too. Each is a word a card at a fixed place in
 * the memory (not an array object, whose address the compiled code would read from a global at
 * every use); `at` and `put` read and write a word of such a lookup, as the move generator's other
 * lookups do.
 */
import { child1, child2, isRed, parent1, parent2, rankOf } from './shared/card-relations.ts';

/** Word i of the table at `t`. */
export function at(t: usize, i: i32): i32 {
  return load<i32>(t + ((<usize>i) << 2));
}
/** Sets word i of the table at `t`. */
export function put(t: usize, i: i32, v: i32): void {
  store<i32>(t + ((<usize>i) << 2), v);
}

export const RANK: usize = memory.data(53 * 4, 16);
export const RED: usize = memory.data(53 * 4, 16);
export const PARENT1: usize = memory.data(53 * 4, 16);
export const PARENT2: usize = memory.data(53 * 4, 16);
export const CHILD1: usize = memory.data(53 * 4, 16);
export const CHILD2: usize = memory.data(53 * 4, 16);

for (let c = 0; c < 53; c++) {
  put(RANK, c, c < 52 ? rankOf(c) : 0);
  put(RED, c, c < 52 && isRed(c) ? 1 : 0);
  put(PARENT1, c, parent1(c));
  put(PARENT2, c, parent2(c));
  put(CHILD1, c, child1(c));
  put(CHILD2, c, child2(c));
}
