/**
 * Speed of the big-number families: `npx tsx bench/codes.bench.ts [--count 100000]`.
 *
 * For `count` uniformly random 68-digit codes (sample seed 7): dealFromSeed for `exact` and
 * `microsoft`, the inverse maps exactCode and microsoftCode, and the random code generator itself,
 * in microseconds per call. Each measure runs three times after a warm-up pass and the best is
 * printed (the machine may be shared).
 */
import { randomCodes } from '../src/deals/big-families.ts';
import { dealFromSeed, exactCode, microsoftCode } from '../src/deals/families.ts';
import type { Deal } from '../src/engine/position.ts';

const at = process.argv.indexOf('--count');
const count = at >= 0 ? Number(process.argv[at + 1]) : 100_000;
if (!Number.isSafeInteger(count) || count < 1) {
  process.stderr.write('codes.bench: --count must be a whole number ≥ 1\n');
  process.exit(2);
}

function best(label: string, f: () => void): void {
  f();
  let min = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    f();
    min = Math.min(min, performance.now() - t0);
  }
  process.stdout.write(`${label.padEnd(28)} ${((min * 1000) / count).toFixed(2).padStart(7)} µs per call\n`);
}

const codes = randomCodes(count, 7);
let sink = 0n;
for (const family of ['exact', 'microsoft'] as const) {
  const deals: Deal[] = [];
  best(`dealFromSeed (${family})`, () => {
    deals.length = 0;
    for (const c of codes) {
      const d = dealFromSeed(c, family);
      if (!d.ok) throw new Error(d.error);
      deals.push(d.value);
    }
  });
  const inverse = family === 'exact' ? exactCode : microsoftCode;
  best(family === 'exact' ? 'exactCode' : 'microsoftCode', () => {
    for (const d of deals) sink += inverse(d);
  });
}
best('randomCodes', () => {
  sink += randomCodes(count, 9)[count - 1];
});
process.stdout.write(`${count} codes of up to 68 digits (checksum ${sink % 1000n})\n`);
