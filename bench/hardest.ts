/**
 * The study's hardest deals as a seed list for the other benchmarks. The deals of
 * data/study-dD.csv.gz (Solvitaire 1–100,000, unlimited passes, foundation returns), most nodes
 * first as the study's solver counted them (ties: lower seed first), the first `--top` of them,
 * then every `--every`-th of those from the hardest on. The defaults give the hardest-1% sample:
 * 50 deals a draw, every 20th of the hardest 1,000.
 *
 *   npx tsx bench/hardest.ts [--draw 3] [--top 1000] [--every 20]
 *   npx tsx bench/solve.bench.ts --draw 3 --seeds $(npx tsx bench/hardest.ts --draw 3) --max-nodes 100000000 --timeout 3600
 *
 * Prints the seeds on one line, comma-separated, hardest first.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { failer } from './args.ts';

const fail: (message: string) => never = failer('hardest');
const { values } = parseArgs({
  options: {
    draw: { type: 'string', default: '3' },
    top: { type: 'string', default: '1000' },
    every: { type: 'string', default: '20' },
  },
});
if (values.draw !== '3' && values.draw !== '1') fail(`bad --draw ${values.draw} (the study has draw 3 and draw 1)`);
const top = Number(values.top);
const every = Number(values.every);
if (!Number.isInteger(top) || top < 1 || top > 100_000) fail(`bad --top ${values.top} (1 to 100,000)`);
if (!Number.isInteger(every) || every < 1 || every > top) fail(`bad --every ${values.every} (1 to --top)`);

const HEADER = 'family,seed,draw,passes,foundationReturn,verdict,nodes,solutionLength,maxNodes';
const lines = gunzipSync(readFileSync(new URL(`study-d${values.draw}.csv.gz`, new URL('../data/', import.meta.url))))
  .toString('utf8')
  .trim()
  .split('\n');
if (lines[0] !== HEADER) fail(`data/study-d${values.draw}.csv.gz: not the study's columns`);
const deals = lines.slice(1).map((line) => {
  const f = line.split(',');
  return { seed: Number(f[1]), nodes: Number(f[6]) };
});
deals.sort((a, b) => b.nodes - a.nodes || a.seed - b.seed);
const picked = deals.slice(0, top).filter((_, k) => k % every === 0);
process.stdout.write(`${picked.map((d) => d.seed).join(',')}\n`);
