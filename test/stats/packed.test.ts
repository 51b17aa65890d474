/**
 * The packed verdict file: the worked example of its module head as a frozen vector, the round
 * trip, every damage caught, the packer's refusals, and the study's packed files in data/ equal
 * to the verdict columns of the study's export CSVs deal by deal.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { recordChunks } from '../../src/stats/export.ts';
import {
  type PackedVerdicts,
  UNPACKED_COLUMNS,
  VerdictPacker,
  isWinnableAt,
  joinPacked,
  makePacked,
  parsePacked,
  unpackChunks,
  winnableCount,
} from '../../src/stats/packed.ts';
import type { Family, Rules } from '../../src/types.ts';
import { FACTORIAL_52 } from '../../src/deals/big-families.ts';
import { createHash } from 'node:crypto';

const D3: Rules = { draw: 3, passes: null, foundationReturn: true };

/** Packs verdicts of consecutive seeds from `first`. */
function pack(verdicts: string[], first = 1n, rules = D3, family: Family = 'solvitaire'): PackedVerdicts {
  const p = new VerdictPacker();
  verdicts.forEach((verdict, i) => {
    const r = p.add({ family, seed: first + BigInt(i), rules, verdict });
    if (!r.ok) throw new Error(r.error);
  });
  const out = p.finish();
  if (!out.ok) throw new Error(out.error);
  return out.value;
}

const EXAMPLE = 'W U W W W W U W W W'.split(' ').map((v) => (v === 'W' ? 'winnable' : 'unwinnable'));
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('the format', () => {
  it('the worked example: bytes 0xbd 0x03 after the header, frozen', () => {
    const p = pack(EXAMPLE);
    expect([...p.bits]).toEqual([0xbd, 0x03]);
    const file = makePacked(p);
    const head = text(file).split('\n')[0];
    // The checksum is what `sha256sum` gives for the header up to " sha256=" followed by bd 03.
    expect(head).toBe(
      'klondike-verdicts/1 family=solvitaire draw=3 passes=unlimited foundation-return=yes first=1 count=10 winnable=8 ' +
        'sha256=052449b891c2a8aa07fbcf95aa18db9cb9f5783106036d02a2559d0b71fb1b81',
    );
    expect([...file.subarray(head.length + 1)]).toEqual([0xbd, 0x03]);
  });

  it('round-trips rules, first seed of any size and every bit', () => {
    const big = 10n ** 67n + 3n;
    for (const [verdicts, first, rules] of [
      [EXAMPLE, 1n, D3],
      [Array.from({ length: 16 }, (_, i) => (i % 3 ? 'winnable' : 'unwinnable')), 0n, { draw: 1, passes: 3, foundationReturn: false }],
      [['unwinnable'], big, { draw: 24, passes: 1, foundationReturn: true }],
    ] as const) {
      const p = pack([...verdicts], first, rules, first === big ? 'exact' : 'solvitaire');
      const back = parsePacked(makePacked(p));
      expect(back.ok && back.value).toEqual(p);
      if (!back.ok) continue;
      expect(verdicts.map((_, i) => (isWinnableAt(back.value, i) ? 'winnable' : 'unwinnable'))).toEqual(verdicts);
      expect(winnableCount(back.value)).toBe(verdicts.filter((v) => v === 'winnable').length);
    }
  });

  it('unpacks to the export columns, a seed past 2^53 as a decimal string in JSON', () => {
    const csv = [...unpackChunks(pack(EXAMPLE.slice(0, 2)), 'csv')].join('');
    expect(csv).toBe(
      'family,seed,draw,passes,foundationReturn,verdict\nsolvitaire,1,3,unlimited,true,winnable\nsolvitaire,2,3,unlimited,true,unwinnable\n',
    );
    const ndjson = [...unpackChunks(pack(['winnable'], 2n ** 60n, D3, 'microsoft'), 'ndjson')].join('');
    expect(JSON.parse(ndjson)).toEqual({
      family: 'microsoft',
      seed: String(2n ** 60n),
      draw: 3,
      passes: null,
      foundationReturn: true,
      verdict: 'winnable',
    });
  });

  it('catches every damage with a one-line reason', () => {
    const good = makePacked(pack(EXAMPLE));
    const head = text(good).split('\n')[0];
    const withHead = (h: string, tail = good.subarray(head.length + 1)) => new Uint8Array([...Buffer.from(`${h}\n`, 'latin1'), ...tail]);
    const cases: [Uint8Array, RegExp][] = [
      [new Uint8Array(), /not a packed verdict file/],
      [Buffer.from('family,seed\n'), /not a packed verdict file/],
      [Buffer.from('klondike-verdicts/2 x\n'), /another version/],
      [Buffer.from('klondike-verdicts/1 family=solvitaire'), /no end/],
      [withHead(head.replace(' draw=3', '')), /fields family, draw/],
      [withHead(head.replace('draw=3', 'draw=x')), /draw=x/],
      [withHead(head.replace('draw=3', 'draw=25')), /draw must be 1…24/],
      [withHead(head.replace('family=solvitaire', 'family=pysol')), /unknown family/],
      [withHead(head.replace('count=10', 'count=0')), /count=0/],
      [withHead(head.replace('first=1', 'first=2')), /checksum/],
      [withHead(head.replace('count=10', 'count=11')), /checksum/],
      [withHead(head.replace('count=10', 'count=17')), /needs 3/],
      [withHead(head, new Uint8Array([0xbd, 0x07])), /checksum/],
      [withHead(head, new Uint8Array([0xbd])), /truncated/],
      [withHead(head, new Uint8Array([0xbd, 0x03, 0x00])), /truncated/],
      [withHead(head.replace(/sha256=\w+/, 'sha256=00')), /64 hex/],
    ];
    for (const [bytes, why] of cases) {
      const r = parsePacked(bytes);
      expect(r.ok, String(why)).toBe(false);
      if (!r.ok) {
        expect(r.error).toMatch(why);
        expect(r.error).not.toContain('\n');
      }
    }
  });

  it('a correct checksum over wrong contents is still refused: padding bits, the winnable count', async () => {
    const { createHash } = await import('node:crypto');
    const forge = (body: string, bits: number[]) =>
      new Uint8Array([
        ...Buffer.from(`${body} sha256=${createHash('sha256').update(body).update(new Uint8Array(bits)).digest('hex')}\n`),
        ...bits,
      ]);
    const body = 'klondike-verdicts/1 family=solvitaire draw=3 passes=unlimited foundation-return=yes first=1 count=10';
    expect(parsePacked(forge(`${body} winnable=8`, [0xbd, 0x03])).ok).toBe(true);
    expect(parsePacked(forge(`${body} winnable=9`, [0xbd, 0x07]))).toEqual({ ok: false, error: 'bits past the last deal are set' });
    expect(parsePacked(forge(`${body} winnable=7`, [0xbd, 0x03]))).toEqual({
      ok: false,
      error: 'winnable=7 in the header, but 8 bits are set',
    });
  });
});

describe("every seed of a file lies in its family's range", () => {
  const forge = (family: string, first: bigint, count: number) => {
    const body = `klondike-verdicts/1 family=${family} draw=3 passes=unlimited foundation-return=yes first=${first} count=${count} winnable=0`;
    const bits = new Uint8Array(Math.ceil(count / 8));
    return new Uint8Array([...Buffer.from(`${body} sha256=${createHash('sha256').update(body).update(bits).digest('hex')}\n`), ...bits]);
  };

  it('a file whose run leaves the range is refused, naming the first seed outside it', () => {
    expect(parsePacked(forge('solvitaire', 99999999999999999999n, 8))).toEqual({
      ok: false,
      error:
        "the header's seeds 99999999999999999999-100000000000000000006: seed 99999999999999999999 is outside the solvitaire " +
        'family (its seeds are whole numbers 0 ≤ N < 2^32)',
    });
    expect(parsePacked(forge('solvitaire', 4294967290n, 20))).toMatchObject({
      ok: false,
      error: /seed 4294967296 is outside the solvitaire family/,
    });
    expect(parsePacked(forge('klondike-solver', 2n ** 31n - 1n, 2))).toMatchObject({
      ok: false,
      error: /seed 2147483648 is outside the klondike-solver family/,
    });
    expect(parsePacked(forge('exact', FACTORIAL_52 - 1n, 2))).toMatchObject({ ok: false, error: /is outside the exact family/ });
    // the last seeds of each range are seeds
    expect(parsePacked(forge('solvitaire', 4294967276n, 20)).ok).toBe(true);
    expect(parsePacked(forge('exact', FACTORIAL_52 - 2n, 2)).ok).toBe(true);
  });

  it('the packer refuses a seed outside the family', () => {
    const p = new VerdictPacker();
    expect(p.add({ family: 'solvitaire', seed: 2n ** 32n - 1n, rules: D3, verdict: 'winnable' }).ok).toBe(true);
    expect(p.add({ family: 'solvitaire', seed: 2n ** 32n, rules: D3, verdict: 'winnable' })).toMatchObject({
      ok: false,
      error: /seed 4294967296 is outside the solvitaire family/,
    });
  });
});

describe('the packer refuses what one bit a deal cannot say', () => {
  const rec = (seed: number, verdict = 'winnable', rules = D3, family = 'solvitaire') => ({ family, seed: BigInt(seed), rules, verdict });
  const run = (recs: ReturnType<typeof rec>[], range?: { from: bigint; to: bigint }) => {
    const p = new VerdictPacker(range);
    for (const r of recs) {
      const a = p.add(r);
      if (!a.ok) return a.error;
    }
    const f = p.finish();
    return f.ok ? `ok ${f.value.first}+${f.value.count}` : f.error;
  };

  it('undecided deals, counted, the first named', () => {
    expect(run([rec(1), rec(2, 'unknown'), rec(3, 'error'), rec(4, 'unknown')])).toMatch(
      /^3 deals are not decided \(draw 3, unlimited passes · solvitaire: unknown 2, error 1; the first: seed 2 "unknown"\)/,
    );
  });

  it('gaps, inside the run and at the ends of a requested range', () => {
    expect(run([rec(1), rec(2), rec(5), rec(6)])).toMatch(/^2 seeds are missing from 1-6 .*the first: 3\)/);
    expect(run([rec(2), rec(3)], { from: 1n, to: 4n })).toMatch(/^2 seeds are missing from 1-4 .*the first: 1\)/);
    expect(run([rec(1), rec(2)], { from: 1n, to: 2n })).toBe('ok 1+2');
    expect(run([], { from: 1n, to: 2n })).toBe('no deals of seeds 1-2 to pack');
    expect(run([])).toBe('no deals to pack');
  });

  it('another rule set or family, a seed out of order or twice, a seed outside the range', () => {
    expect(run([rec(1), rec(2, 'winnable', { draw: 1, passes: null, foundationReturn: true })])).toMatch(
      /more than one rule set or family/,
    );
    expect(run([rec(1), rec(2, 'winnable', D3, 'greenfelt')])).toMatch(/more than one rule set or family/);
    expect(run([rec(1), rec(3), rec(2)])).toMatch(/seed 2 comes after seed 3/);
    expect(run([rec(1), rec(1)])).toMatch(/seed 1 comes after seed 1/);
    expect(run([rec(5)], { from: 1n, to: 4n })).toMatch(/outside the seeds 1-4/);
  });
});

describe('joining files of consecutive runs', () => {
  // 29 verdicts of a fixed pattern, cut at places that are and are not byte boundaries.
  const all = Array.from({ length: 29 }, (_, i) => ((i * 7) % 5 < 3 ? 'winnable' : 'unwinnable'));

  it('gives the bytes of the file packing every deal at once, whatever the cuts', () => {
    const whole = makePacked(pack(all, 5n));
    for (const at of [[], [8], [3], [3, 11], [1, 2, 3, 28], [8, 16, 24], [7, 13, 21]]) {
      const parts = [0, ...at].map((from, k) => {
        const to = k < at.length ? at[k] : all.length;
        return pack(all.slice(from, to), 5n + BigInt(from));
      });
      const j = joinPacked(parts);
      if (!j.ok) throw new Error(j.error);
      expect(makePacked(j.value), at.join(',')).toEqual(whole);
    }
  });

  it('refuses gaps, overlaps, another order, another rule set or family, and nothing', () => {
    const a = pack(all.slice(0, 10), 1n);
    const b = pack(all.slice(10), 11n);
    const msg = (parts: PackedVerdicts[]) => {
      const j = joinPacked(parts);
      return j.ok ? 'ok' : j.error;
    };
    expect(msg([a, b])).toBe('ok');
    expect(msg([b, a])).toMatch(/^file 2 starts at seed 1, not at seed 30 after the files before it/);
    expect(msg([a, pack(all.slice(10), 12n)])).toMatch(/file 2 starts at seed 12, not at seed 11/);
    expect(msg([a, pack(all.slice(10), 10n)])).toMatch(/file 2 starts at seed 10, not at seed 11/);
    expect(msg([a, pack(all.slice(10), 11n, { draw: 1, passes: null, foundationReturn: true })])).toMatch(
      /file 2 holds draw 1, unlimited passes · solvitaire, file 1 draw 3/,
    );
    expect(msg([a, { ...b, family: 'greenfelt' }])).toMatch(/joined files are of one rule set and family/);
    expect(msg([])).toBe('no files to join');
  });
});

describe('the study in data/', () => {
  for (const name of ['study-d3', 'study-d1']) {
    it(`${name}.verdicts unpacks to the verdict columns of ${name}.csv.gz, deal by deal`, () => {
      const file = parsePacked(readFileSync(new URL(`../../data/${name}.verdicts`, import.meta.url)));
      if (!file.ok) throw new Error(file.error);
      expect(file.value.count).toBe(100_000);
      const csv = gunzipSync(readFileSync(new URL(`../../data/${name}.csv.gz`, import.meta.url))).toString('utf8');
      const columns = csv
        .split('\n')
        .map((l) => l.split(',').slice(0, UNPACKED_COLUMNS.length).join(','))
        .join('\n');
      expect([...unpackChunks(file.value, 'csv')].join('')).toBe(columns);
    });
  }

  it('the CSV form is the export CSV writer applied to the same records', () => {
    const recs = [{ family: 'solvitaire', seed: 1, draw: 3, passes: 'unlimited', foundationReturn: true, verdict: 'winnable' }];
    expect([...recordChunks(recs, 'csv', UNPACKED_COLUMNS)].join('')).toBe([...unpackChunks(pack(['winnable']), 'csv')].join(''));
  });
});
