/**
 * The solver's core, compiled to WebAssembly (AssemblyScript; `npm run build` compiles this file
 * and what it imports, src/solver/core-instance.ts loads the module): the search's position and its changes
 * (position-arrays.ts, search-position.ts, with the game's rules, game-rules.ts, and the key,
 * zobrist-key.ts and child-key.ts), the move generator (generate.ts, with generator-context.ts,
 * move-list.ts, stock-plays.ts and tableau-moves.ts), the pruning rules the search asks (rules.ts), the transposition table
 * (table.ts), the search (search.ts) and the search for the fewest moves (best-first.ts); shared/
 * holds what the TypeScript around it reads too.
 * This file lists what the module exports.
 *
 * Calls on a node's path are written `inline.always(f(…))`: the compiler then puts f's body in
 * place of the call (its optimiser inlines only small functions, and few with one caller), which
 * saves the call and its frame and lets the compiled code keep the caller's values in registers
 * (docs/notes/solver-speed.md, "Cheaper positions").
 */
// The position's module first: its memory then comes first, below 1 KiB, where the compiler folds
// its addresses into the loads and stores (Binaryen's low-memory assumption).
export { statePtr } from './position-arrays';
export { setRules, zobristPtr, zobristWords } from './zobrist-key';
export { derivedAgree, getH1, getH2, getHome, getN, getPass, getW, make, setScalars, undo } from './search-position';
export { childHash, getPh1, getPh2 } from './child-key';
export { configure, generate, kingsForEmptied, reachOf } from './generate';
export { noiseOf, noiseState, outMoves, outPtr, setNoise, sortOut } from './move-list';
export { deadStatsPtr, deadlockedHere } from './deadlock';
export { locksOf, locksPtr, onDrawGridHere, safeHomeOf, safeLastStockCardHere, safeSuitsHere } from './rules';
export {
  getAborted,
  getHits,
  getNodes,
  getPathLen,
  getTouched,
  insertHere,
  movesPtr,
  pathPtr,
  search,
  setAborted,
  setCounts,
  setLocks,
  setNextCheck,
  setSearch,
} from './search';
export { lowerBoundHere, quickBoundHere, talonHere } from './bound';
export { bfTouched, bestFirst, bfBest, bfLower, bfPathLen, bfPathPtr } from './best-first';
export {
  snapPtr,
  ttAddBits,
  ttBudget,
  ttCapacity,
  ttClear,
  ttCount,
  ttExhausted,
  ttHighWater,
  ttInsert,
  ttInsertBit,
  ttMaxSlots,
  ttRemove,
  ttRemoveBit,
  ttReset,
  ttSetMasked,
  ttSetup,
  ttShift,
  ttSlotsCap,
  ttSnapshot,
  ttStates,
  ttTouch,
} from './table';
