/**
 * The transposition table, in the core's memory: a set of 64-bit state hashes (the two halves of
 * a slot side by side, so that a probe touches one cache line), open addressing with linear
 * probing. It starts small and doubles (rehashing) whenever it is half full, up to a capacity
 * fixed by the memory budget (8 bytes a slot) and by the memory the core was given.
 *
 * The slots fill the memory from `base` to its end; the memory never grows (the views on it stay
 * valid), and pages never written cost nothing. Doubling copies the slots past the new table's end
 * and hashes them back in, so a table takes at most two thirds of the room after `base` (and at most 2 GiB).
 *
 * Between searches the table keeps its size (up to RESET_CAPACITY slots) and is emptied cheaply:
 * a small search's slots are remembered (up to LOG_MAX of them) and only those are zeroed, so an
 * easy deal does not pay for clearing megabytes.
 *
 * Replacement policy, once at full size and three quarters full: probes look at a window of PROBE
 * slots, and a new state whose window is full overwrites the slot its hash points to (the home
 * slot); the evicted state may be searched again later, which costs time but never changes a
 * verdict. When evictions exceed the capacity the table is thrashing, and `ttExhausted` tells the
 * solver to give up with "unknown (memory)".
 *
 * With stock masks (`ttSetMasked`) a slot takes 16 bytes: the hash, a mask of 32 bits (the stock
 * positions seen with that layout) and a spare word; the search for the shortest solution keeps
 * in the mask's place the moves it had to spare there (`ttBudget`).
 *
 * `ttRemove` takes a key out again (backward-shift deletion); the solver's restarts use it to
 * forget the positions of an abandoned line that were never searched to the end. `ttSnapshot`
 * lists the keys of a small search, for a search that goes on after another used the table.
 *
 * Only the hash is stored: two different states with the same 64 bits would be confused. With
 * the table index taken from the same bits, the chance for a search of N states is about
 * N²/2^65 (for 10^8 states, 3·10^-4); the tests cross-check verdicts with pruning off.
 */

const PROBE: i32 = 16;
/** Slots remembered for a cheap clear. */
const LOG_MAX: i32 = 1 << 16;
/** Kept between searches; a table grown past this is cut back to this size. */
const RESET_CAPACITY: i32 = 1 << 21;
/** The most bytes the slots take (slot numbers stay 32-bit integers). */
const MAX_TABLE_BYTES: u64 = 1 << 31;
const MUL: i32 = 0x9e3779b1;

const logAt: usize = memory.data(LOG_MAX * 4, 16);
/** Where `ttSnapshot` writes the keys (up to 4 words a slot). */
const snapAt: usize = memory.data(LOG_MAX * 16, 16);
/**
 * The first slot, past everything else in the memory, on a page of its own: past the static data
 * and what the core's modules allocated when they started (the core allocates nothing later).
 */
let base: usize = 0;
function placed(): usize {
  if (base === 0) base = (heap.alloc(16) + 16 + 4095) & ~(<usize>4095);
  return base;
}

/** log2 of the words a slot takes: 1 (the hash), or 2 with stock masks. */
let shift: i32 = 1;
let mask: i32 = 0;
/** Slots in use. */
let count: i32 = 0;
/** How many slots a probe may look at: every slot while the table has room; at full size and three quarters full, a window of PROBE (`limits`). */
let probes: i32 = 1;
/** States stored: `count`, or with stock masks the bits set. */
let states: f64 = 0;
let evictions: f64 = 0;
/** The most slots of 8 bytes the memory budget gives. */
let budgetSlots: i32 = 0;
let maxSlots: i32 = 0;
let initialCapacity: i32 = 0;
let requestedInitial: i32 = 0;
/** The bytes zeroed and ready for slots (the table's, or more after a switch of slot size). */
let arrayBytes: usize = 0;
/** Slots filled since the last clear (valid while logN <= LOG_MAX). */
let logN: i32 = 0;
/** The most bytes past `base` ever written (the largest table, and the copy its doubling made). */
let highWater: usize = 0;

/** The most slots of 8 bytes the memory holds (with the room a doubling needs), a power of two. */
export function ttSlotsCap(): i32 {
  const room = ((<u64>memory.size()) << 16) - <u64>placed();
  let bytes: u64 = 1 << 13;
  while (bytes * 2 <= MAX_TABLE_BYTES && bytes * 3 <= room * 2) bytes *= 2;
  return <i32>(bytes >> 3);
}

/**
 * Sets the table up on a fresh memory (all zeros): a budget of `slots` slots of 8 bytes (a power
 * of two, at most `ttSlotsCap`), starting at `initial` slots (or the budget, when smaller).
 */
export function ttSetup(slots: i32, initial: i32): void {
  placed();
  shift = 1;
  budgetSlots = slots;
  maxSlots = slots;
  requestedInitial = initial;
  initialCapacity = min(initial, slots);
  mask = initialCapacity - 1;
  arrayBytes = (<usize>initialCapacity) << 3;
  count = 0;
  states = 0;
  evictions = 0;
  logN = 0;
  limits();
}

export function ttCapacity(): i32 {
  return mask + 1;
}
export function ttMaxSlots(): i32 {
  return maxSlots;
}
export function ttCount(): i32 {
  return count;
}
export function ttStates(): f64 {
  return states;
}
export function ttShift(): i32 {
  return shift;
}
export function ttExhausted(): bool {
  return evictions > <f64>maxSlots;
}
export function ttHighWater(): f64 {
  return <f64>highWater;
}
/** The end of the most memory the table may take (its largest size and the copy that doubling to it makes): the memory past it is free (best-first.ts keeps its nodes there). */
export function ttRoomEnd(): usize {
  return placed() + ((((maxSlots as usize) << ((shift + 2) as usize)) * 3) >> 1);
}
export function snapPtr(): usize {
  return snapAt;
}

/** A key: a state's hash, its first half the low word (0 marks an empty slot, so the key 0 is stored as 2^32). */
function keyOf(h1: i32, h2: i32): u64 {
  return <u64>(<u32>h1) | ((<u64>h2) << 32);
}
function homeOf(key: u64): i32 {
  return (<i32>key ^ (<i32>(key >> 32) * MUL)) & mask;
}
function slotAt(i: i32): usize {
  return base + ((i as usize) << ((shift + 2) as usize));
}
function isEmpty(p: usize): bool {
  return load<u64>(p) === 0;
}

/** Empties the table and gives it a new budget of `slots` slots of 8 bytes, keeping its size when it fits. */
export function ttReset(slots: i32): void {
  budgetSlots = slots;
  maxSlots = budgetSlots >> (shift - 1);
  initialCapacity = min(requestedInitial, maxSlots);
  ttClear();
}

/** Empties the table and sets what its slots hold: a hash, or with `masked` a hash and a mask. */
export function ttSetMasked(masked: bool): void {
  const s: i32 = masked ? 2 : 1;
  if (s === shift) {
    ttClear();
    return;
  }
  // emptied in the old layout (only the slots filled, when the log holds them all), then read in the new
  ttClear();
  shift = s;
  maxSlots = budgetSlots >> (s - 1);
  initialCapacity = min(requestedInitial, maxSlots);
  mask = min(<i32>(arrayBytes >> <usize>(s + 2)), maxSlots) - 1;
  logN = 0;
  limits();
}

/** Empties the table (a large one is cut back to RESET_CAPACITY slots). */
export function ttClear(): void {
  const reset = max(initialCapacity, min(RESET_CAPACITY, maxSlots));
  if (mask + 1 > reset) {
    arrayBytes = (reset as usize) << ((shift + 2) as usize);
    memory.fill(base, 0, arrayBytes);
    mask = reset - 1;
  } else if (logN <= LOG_MAX) {
    for (let k = 0; k < logN; k++) {
      const p = slotAt(load<i32>(logAt + ((<usize>k) << 2)));
      store<i64>(p, 0);
      if (shift === 2) store<i32>(p, 0, 8);
    }
  } else {
    memory.fill(base, 0, arrayBytes);
  }
  count = 0;
  states = 0;
  evictions = 0;
  logN = 0;
  limits();
}

/**
 * Writes the keys in the table (with their masks, in slots of masked tables) at `snapPtr`, and
 * returns how many words; -1 when the table has filled more slots since it was emptied than it
 * remembers (LOG_MAX), or moved them (grown). Slots emptied again are skipped; a key may come twice.
 */
export function ttSnapshot(): i32 {
  if (logN > LOG_MAX) return -1;
  const words = 1 << shift;
  let k = 0;
  for (let q = 0; q < logN; q++) {
    const p = slotAt(load<i32>(logAt + ((<usize>q) << 2)));
    if (isEmpty(p)) continue;
    if (shift === 2 && load<i32>(p, 8) === 0) continue; // a mask emptied by ttRemoveBit
    for (let j = 0; j < words; j++) store<i32>(snapAt + ((<usize>(k + j)) << 2), load<i32>(p + ((<usize>j) << 2)));
    k += words;
  }
  return k;
}

/** `probes`, after the slots in use or the table's size changed. */
function limits(): void {
  probes = count * 4 < (mask + 1) * 3 ? mask + 1 : PROBE;
}

/** A slot was filled: remember it for a cheap clear, and grow when half full. */
function filled(i: i32): void {
  if (logN < LOG_MAX) store<i32>(logAt + ((<usize>logN) << 2), i);
  logN++;
  if (++count * 2 > mask + 1 && mask + 1 < maxSlots) grow();
  else inline.always(limits());
}

/** Adds the hash; returns true when it was already there. */
export function ttInsert(h1: i32, h2: i32): bool {
  return tInsert(inline.always(keyOf(h1, h2)));
}
/** `ttInsert` of a key. */
export function tInsert(key: u64): bool {
  if (key === 0) key = (<u64>1) << 32; // 0 marks an empty slot
  let i = inline.always(homeOf(key));
  const home = i;
  // plain linear probing while the table has room; at full size only a window of PROBE slots
  const limit = probes;
  for (let p = 0; p < limit; p++) {
    const at = base + ((<usize>i) << 3);
    const a = load<u64>(at);
    if (a === key) return true;
    if (a === 0) {
      store<u64>(at, key);
      states += 1;
      inline.always(filled(i));
      return false;
    }
    i = (i + 1) & mask;
  }
  store<u64>(base + ((<usize>home) << 3), key);
  evictions += 1;
  return false;
}

/** With stock masks: adds bit `bit` (0–31) to the mask of the hash; returns true when it was already set. */
export function ttInsertBit(h1: i32, h2: i32, bit: i32): bool {
  return tAddBits(inline.always(keyOf(h1, h2)), 1 << bit);
}

/**
 * With stock masks: adds the bits of `flags` to the mask of the hash (the hash first, when
 * missing); returns true when they were all set already. A state evicted at full size takes its
 * mask with it.
 */
export function ttAddBits(h1: i32, h2: i32, flags: i32): bool {
  return tAddBits(inline.always(keyOf(h1, h2)), flags);
}
/** `ttAddBits` of a key. */
export function tAddBits(key: u64, flags: i32): bool {
  if (key === 0) key = (<u64>1) << 32;
  let i = inline.always(homeOf(key));
  const home = i;
  const limit = probes;
  for (let p = 0; p < limit; p++) {
    const at = base + ((<usize>i) << 4);
    const a = load<u64>(at);
    if (a === key) {
      const m = load<i32>(at, 8);
      if ((m & flags) === flags) return true;
      store<i32>(at, m | flags, 8);
      states += <f64>popcnt(flags & ~m);
      return false;
    }
    if (a === 0) {
      store<u64>(at, key);
      store<i32>(at, flags, 8);
      states += <f64>popcnt(flags);
      inline.always(filled(i));
      return false;
    }
    i = (i + 1) & mask;
  }
  const at = base + ((<usize>home) << 4);
  store<u64>(at, key);
  store<i32>(at, flags, 8);
  evictions += 1;
  return false;
}

/**
 * For the search of the shortest solution (slots of 16 bytes): the position of the hash was
 * searched with `remaining` moves to spare (its limit minus the moves that reached it). True when
 * it already was with as many or more (nothing new below it); else keeps `remaining` and returns
 * false. The word beside the hash holds the most moves to spare seen, plus one.
 */
export function ttBudget(h1: i32, h2: i32, remaining: i32): bool {
  return tBudget(inline.always(keyOf(h1, h2)), remaining);
}
/** `ttBudget` of a key. */
export function tBudget(key: u64, remaining: i32): bool {
  if (key === 0) key = (<u64>1) << 32;
  const v = remaining + 1;
  let i = inline.always(homeOf(key));
  const home = i;
  const limit = probes;
  for (let p = 0; p < limit; p++) {
    const at = base + ((<usize>i) << 4);
    const a = load<u64>(at);
    if (a === key) {
      if (load<i32>(at, 8) >= v) return true;
      store<i32>(at, v, 8);
      return false;
    }
    if (a === 0) {
      store<u64>(at, key);
      store<i32>(at, v, 8);
      states += 1;
      inline.always(filled(i));
      return false;
    }
    i = (i + 1) & mask;
  }
  const at = base + ((<usize>home) << 4);
  store<u64>(at, key);
  store<i32>(at, v, 8);
  evictions += 1;
  return false;
}
/** For the search of the shortest solution: the word beside the hash (`tBudget`), 0 when the hash is not there; nothing is added. */
export function tWord(key: u64): i32 {
  if (key === 0) key = (<u64>1) << 32;
  let i = inline.always(homeOf(key));
  const limit = probes;
  for (let p = 0; p < limit; p++) {
    const at = base + ((<usize>i) << 4);
    const a = load<u64>(at);
    if (a === key) return load<i32>(at, 8);
    if (a === 0) return 0;
    i = (i + 1) & mask;
  }
  return 0;
}

/**
 * Reads the home slot of the hash and returns its first word: a lookup to come then finds the
 * slot in the cache. Several in a row overlap their wait for memory.
 */
export function ttTouch(h1: i32, h2: i32): i32 {
  return tTouch(inline.always(keyOf(h1, h2)));
}
/** `ttTouch` of a key. */
export function tTouch(key: u64): i32 {
  return load<i32>(slotAt(inline.always(homeOf(key))));
}

/**
 * Removes the hash (every copy: at full size a key beyond its probe window may have been stored
 * again at its home slot); returns true when it was there. Backward-shift deletion keeps every
 * other key reachable by linear probing, with no tombstones.
 */
export function ttRemove(h1: i32, h2: i32): bool {
  return tRemove(inline.always(keyOf(h1, h2)));
}
/** `ttRemove` of a key. */
export function tRemove(key: u64): bool {
  if (key === 0) key = (<u64>1) << 32;
  let found = false;
  while (removeOne(key)) found = true;
  return found;
}

/** With stock masks: takes bit `bit` out of the hash's mask (every copy); true when it was set. */
export function ttRemoveBit(h1: i32, h2: i32, bit: i32): bool {
  return tRemoveBit(inline.always(keyOf(h1, h2)), bit);
}
/** `ttRemoveBit` of a key. */
export function tRemoveBit(key: u64, bit: i32): bool {
  if (key === 0) key = (<u64>1) << 32;
  const flag = 1 << bit;
  let i = inline.always(homeOf(key));
  let found = false;
  for (let p = 0; p <= mask; p++) {
    const at = base + ((<usize>i) << 4);
    const a = load<u64>(at);
    if (a === 0) break;
    if (a === key && (load<i32>(at, 8) & flag) !== 0) {
      store<i32>(at, load<i32>(at, 8) & ~flag, 8);
      states -= 1;
      found = true;
    }
    i = (i + 1) & mask;
  }
  return found;
}

function removeOne(key: u64): bool {
  let i = inline.always(homeOf(key));
  for (let p = 0; ; p++) {
    const a = load<u64>(slotAt(i));
    if (a === key) break;
    if (a === 0 || p > mask) return false;
    i = (i + 1) & mask;
  }
  // shift the later keys of the cluster back over the hole, each only towards its home slot
  let j = i;
  for (;;) {
    j = (j + 1) & mask;
    const from = slotAt(j);
    const a = load<u64>(from);
    if (a === 0) break;
    const home = inline.always(homeOf(a));
    // the key at j may fill the hole at i unless its home lies cyclically in (i, j]
    if (i <= j ? home > i && home <= j : home > i || home <= j) continue;
    const to = slotAt(i);
    store<u64>(to, a);
    if (shift === 2) store<i32>(to, load<i32>(from, 8), 8);
    i = j;
  }
  const at = slotAt(i);
  store<i64>(at, 0);
  if (shift === 2) store<i32>(at, 0, 8);
  count--;
  states -= 1;
  limits();
  return true;
}

/** Doubles the table: its slots are copied past the new table's end, then hashed back in. */
function grow(): void {
  const oldBytes = ((mask + 1) as usize) << ((shift + 2) as usize);
  const copy = base + (oldBytes << 1);
  memory.copy(copy, base, oldBytes);
  memory.fill(base, 0, oldBytes << 1);
  highWater = max(highWater, oldBytes * 3);
  arrayBytes = oldBytes << 1;
  logN = LOG_MAX + 1; // slots move: clear everything next time
  mask = (mask << 1) | 1;
  count = 0;
  const step: usize = (1 as usize) << ((shift + 2) as usize);
  for (let q = copy; q < copy + oldBytes; q += step) {
    const a = load<u64>(q);
    if (a === 0) continue;
    let i = inline.always(homeOf(a));
    while (!isEmpty(slotAt(i))) i = (i + 1) & mask;
    const at = slotAt(i);
    store<u64>(at, a);
    if (shift === 2) store<i32>(at, load<i32>(q, 8), 8);
    count++;
  }
  limits();
}
