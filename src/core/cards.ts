/**
 * The core's card tables: rank, colour, the two cards a card goes on and the two that go on it,
 * for cards 0…52 (52: no card), built at start from the relations of shared/cards.ts, which the
 * rules engine's tables are built from too. The move generator reads them with `unchecked`.
 */
import { child1, child2, isRed, parent1, parent2, rankOf } from './shared/cards.ts';

export const RANK = new StaticArray<i32>(53);
export const RED = new StaticArray<i32>(53);
export const PARENT1 = new StaticArray<i32>(53);
export const PARENT2 = new StaticArray<i32>(53);
export const CHILD1 = new StaticArray<i32>(53);
export const CHILD2 = new StaticArray<i32>(53);

for (let c = 0; c < 53; c++) {
  RANK[c] = c < 52 ? rankOf(c) : 0;
  RED[c] = c < 52 && isRed(c) ? 1 : 0;
  PARENT1[c] = parent1(c);
  PARENT2[c] = parent2(c);
  CHILD1[c] = child1(c);
  CHILD2[c] = child2(c);
}
