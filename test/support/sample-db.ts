/**
 * A synthetic results database, for tests, demos and the headless-browser check of the report.
 * The numbers are invented (seeded pseudo-random), never results of the solver: the solver
 * version is stamped `synthetic`.
 */
import { EMPTY_RESULT_EXTRAS, type ResultRow, type StoredVerdict } from '../../src/store/rows.ts';
import { openStore } from '../../src/store/writer.ts';

/** One rule set of the sample and the share of its deals that come out winnable / unknown. */
export interface SampleRuleSet {
  draw: number;
  passes: number | null;
  foundationReturn: boolean;
  winShare: number;
  unknownShare: number;
}

export const SAMPLE_RULE_SETS: readonly SampleRuleSet[] = [
  { draw: 1, passes: null, foundationReturn: true, winShare: 0.906, unknownShare: 0.002 },
  { draw: 3, passes: null, foundationReturn: true, winShare: 0.819, unknownShare: 0.01 },
  { draw: 3, passes: 3, foundationReturn: true, winShare: 0.74, unknownShare: 0.01 },
  { draw: 3, passes: 1, foundationReturn: true, winShare: 0.36, unknownShare: 0.002 },
];

/** A small deterministic PRNG (xorshift32) returning floats in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 0x9e3779b9;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
}

const TOKENS = ['SW', 'W1', 'W3', '1c', '24', '37', '52', '6h', '7s', 'Wd', '473', '612'];

/** Creates `path` (which must not exist yet) with `dealsPerRuleSet` synthetic deals per rule set. */
export function writeSampleDb(
  path: string,
  dealsPerRuleSet = 2000,
  ruleSets: readonly SampleRuleSet[] = SAMPLE_RULE_SETS,
  withMoves = true,
): void {
  const opened = openStore(path);
  if (!opened.ok) throw new Error(opened.error);
  const store = opened.value;
  try {
    const rand = rng(12345);
    const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    const rows: ResultRow[] = [];
    for (const rs of ruleSets) {
      const ruleSet = store.ruleSetId({ draw: rs.draw, passes: rs.passes, foundationReturn: rs.foundationReturn });
      for (let seed = 1; seed <= dealsPerRuleSet; seed++) {
        const u = rand();
        const verdict: StoredVerdict = u < rs.unknownShare ? 'unknown' : u < rs.unknownShare + rs.winShare ? 'winnable' : 'unwinnable';
        const ms = verdict === 'unknown' ? 10_000 : Math.exp(normal() * 2.2 + (rs.draw === 3 ? 1 : 0));
        const nodes = Math.round(ms * 800 + rand() * 50);
        let len: number | null = null;
        let moves: string | null = null;
        if (verdict === 'winnable') {
          len = Math.max(60, Math.round(110 + 30 * (rs.draw - 1) + normal() * 15));
          if (withMoves) moves = Array.from({ length: len }, () => TOKENS[Math.floor(rand() * TOKENS.length)]).join(' ');
        }
        rows.push({
          ...EMPTY_RESULT_EXTRAS,
          family: 'solvitaire',
          seed: BigInt(seed),
          ruleSet,
          verdict,
          nodes,
          ms: Math.round(ms * 1000) / 1000,
          solutionLength: len,
          moves,
          error: null,
          maxNodes: 10_000_000,
          timeoutMs: 10_000,
          maxMemoryMb: 2048,
          solverVersion: 'synthetic',
          solvedAt: '2025-01-01T00:00:00Z',
          stopReason: verdict === 'unknown' ? 'time' : null,
        });
      }
    }
    store.putResults(rows);
  } finally {
    store.close();
  }
}
