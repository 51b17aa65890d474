/**
 * Packed verdicts: the verdict of every deal of a contiguous run of seeds, one family and one rule
 * set, as one bit a deal. A million deals take 125,000 bytes, where the export's CSV takes tens of
 * megabytes; the search effort (nodes, times) is not in it: `work.ts` keeps that as a summary.
 *
 * The file is one header line of text, then the bits:
 *
 *   klondike-verdicts/1 family=F draw=D passes=P foundation-return=yes|no first=S count=N winnable=W sha256=H\n
 *   ⌈N / 8⌉ bytes
 *
 * Seed S + i is winnable when bit i is set: bit i is bit (i mod 8) of byte ⌊i / 8⌋, counting from
 * the least significant bit. The bits past N in the last byte are zero. `passes` is a number or
 * `unlimited`, `first` a decimal of any size (some families number deals with 68 digits; every seed
 * of the run lies in the family's range), `W` the count of set bits, and H the SHA-256, in
 * lower-case hex, of the header line up to (not including) ` sha256=` followed directly by the bit
 * bytes: a changed bit, seed or rule is caught.
 * The fields come in this order, each once; version 1 has no other.
 *
 * Worked example: Solvitaire seeds 1–10 at draw 3, verdicts W U W W W W U W W W. Seeds 1–8 give
 * byte 0: bits 0…7 = 1 0 1 1 1 1 0 1, so 0b10111101 = 0xbd; seeds 9 and 10 give byte 1 = 0x03.
 *
 * Every deal is decided. A bit cannot say "unknown", and a file of verdicts with holes would
 * either misstate them or need a second structure that every reader must remember to consult, so
 * packing refuses an unknown or error deal, and a seed missing from the run, with the count of
 * each and the first one: solve them first (`batch --retry-unknown` with a larger budget).
 */
import { createHash } from 'node:crypto';
import { FAMILY_RANGES } from '../deals/families.ts';
import { FAMILIES, type Family, type Result, type Rules, type SeedRange, err, ok, rulesLabel, validateRules } from '../types.ts';
import { EXPORT_COLUMNS, type ExportFormat, exportedSeed, recordChunks } from './export.ts';

/** The first word of every packed verdict file, with its format version. */
export const PACKED_MAGIC = 'klondike-verdicts/1';

/** Most deals in one file (12.5 MB of bits). */
export const MAX_PACKED = 100_000_000;

/** Longest header line accepted, newline included. */
const MAX_HEADER = 512;

/** The largest packed file: the longest header and the bits of MAX_PACKED deals. */
export const MAX_PACKED_FILE_BYTES = MAX_HEADER + Math.ceil(MAX_PACKED / 8);

/** The verdicts of `count` deals from seed `first` on, one bit each (`bits`, ⌈count / 8⌉ bytes). */
export interface PackedVerdicts {
  family: Family;
  rules: Rules;
  first: bigint;
  count: number;
  bits: Uint8Array;
}

/** True when deal `i` (seed first + i) of the file is winnable. */
export function isWinnableAt(p: PackedVerdicts, i: number): boolean {
  return ((p.bits[i >> 3] >> (i & 7)) & 1) === 1;
}

/** The number of winnable deals: the set bits. */
export function winnableCount(p: PackedVerdicts): number {
  let n = 0;
  for (const b of p.bits) {
    let x = b;
    while (x) {
      x &= x - 1;
      n++;
    }
  }
  return n;
}

/** The header line without its checksum field. */
function headerBody(p: PackedVerdicts): string {
  const { draw, passes, foundationReturn } = p.rules;
  return (
    `${PACKED_MAGIC} family=${p.family} draw=${draw} passes=${passes ?? 'unlimited'} ` +
    `foundation-return=${foundationReturn ? 'yes' : 'no'} first=${p.first} count=${p.count} winnable=${winnableCount(p)}`
  );
}

function checksum(body: string, bits: Uint8Array): string {
  return createHash('sha256').update(body, 'latin1').update(bits).digest('hex');
}

/** Why a run of seeds `from`…`to` cannot be of the family (one of them lies outside its range), or undefined. */
function outsideFamily(family: Family, from: bigint, to: bigint): string | undefined {
  const range = FAMILY_RANGES[family];
  if (from >= range.min && to <= range.max) return undefined;
  const seed = from < range.min || from > range.max ? from : range.max + 1n;
  return `seed ${seed} is outside the ${family} family (its seeds are whole numbers ${range.label})`;
}

/** The file's bytes: the header line, then the bits. */
export function makePacked(p: PackedVerdicts): Uint8Array {
  const body = headerBody(p);
  const head = Buffer.from(`${body} sha256=${checksum(body, p.bits)}\n`, 'latin1');
  const out = new Uint8Array(head.length + p.bits.length);
  out.set(head, 0);
  out.set(p.bits, head.length);
  return out;
}

const FIELDS = ['family', 'draw', 'passes', 'foundation-return', 'first', 'count', 'winnable', 'sha256'] as const;

/** Reads a packed verdict file, checking every field, the length, the padding and the checksum. */
export function parsePacked(bytes: Uint8Array): Result<PackedVerdicts> {
  const nl = bytes.subarray(0, MAX_HEADER).indexOf(10);
  const start = Buffer.from(bytes.subarray(0, Math.min(bytes.length, PACKED_MAGIC.length + 1))).toString('latin1');
  if (!start.startsWith(`${PACKED_MAGIC} `)) {
    if (start.startsWith('klondike-verdicts/'))
      return err(`a packed verdict file of another version (${start.split(' ')[0]}); this reads ${PACKED_MAGIC}`);
    return err('not a packed verdict file (it does not start with klondike-verdicts/1)');
  }
  if (nl < 0) return err('the header line has no end within its first 512 bytes');
  const line = Buffer.from(bytes.subarray(0, nl)).toString('latin1');
  const words = line.split(' ').slice(1);
  if (words.length !== FIELDS.length || words.some((w, i) => !w.startsWith(`${FIELDS[i]}=`)))
    return err(`the header must have the fields ${FIELDS.join(', ')} in this order, each once`);
  const v = Object.fromEntries(words.map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  if (!(FAMILIES as readonly string[]).includes(v.family)) return err(`unknown family ${JSON.stringify(v.family)} in the header`);
  const whole = (s: string) => /^(0|[1-9]\d*)$/.test(s);
  if (!whole(v.draw)) return err(`draw=${v.draw} in the header is not a whole number`);
  if (v.passes !== 'unlimited' && !whole(v.passes)) return err(`passes=${v.passes} in the header is not a number or unlimited`);
  if (v['foundation-return'] !== 'yes' && v['foundation-return'] !== 'no')
    return err(`foundation-return=${v['foundation-return']} in the header is not yes or no`);
  const rules = validateRules({
    draw: Number(v.draw),
    passes: v.passes === 'unlimited' ? null : Number(v.passes),
    foundationReturn: v['foundation-return'] === 'yes',
  });
  if (!rules.ok) return err(`the header's rules: ${rules.error}`);
  if (!whole(v.first)) return err(`first=${v.first} in the header is not a seed`);
  if (!whole(v.count) || Number(v.count) < 1 || Number(v.count) > MAX_PACKED)
    return err(`count=${v.count} in the header is not 1…${MAX_PACKED}`);
  if (!/^[0-9a-f]{64}$/.test(v.sha256)) return err('sha256 in the header is not 64 hex digits');
  const count = Number(v.count);
  const bits = bytes.slice(nl + 1);
  const want = Math.ceil(count / 8);
  if (bits.length !== want)
    return err(`the file holds ${bits.length} bytes of verdicts where count=${count} needs ${want}: it is truncated or has bytes added`);
  const body = line.slice(0, line.lastIndexOf(' sha256='));
  if (checksum(body, bits) !== v.sha256) return err('the checksum does not match: the file is damaged');
  const p: PackedVerdicts = { family: v.family as Family, rules: rules.value, first: BigInt(v.first), count, bits };
  const outside = outsideFamily(p.family, p.first, p.first + BigInt(count - 1));
  if (outside) return err(`the header's seeds ${p.first}-${p.first + BigInt(count - 1)}: ${outside}`);
  if (count % 8 !== 0 && bits[want - 1] >> (count % 8) !== 0) return err('bits past the last deal are set');
  if (String(winnableCount(p)) !== v.winnable) return err(`winnable=${v.winnable} in the header, but ${winnableCount(p)} bits are set`);
  return ok(p);
}

/** A deal's verdict as read from a database or an export: what packing needs. */
export interface VerdictRecord {
  family: string;
  seed: bigint;
  rules: Rules;
  verdict: string;
}

const sameRules = (a: Rules, b: Rules) => a.draw === b.draw && a.passes === b.passes && a.foundationReturn === b.foundationReturn;
const groupText = (family: string, rules: Rules) => `${rulesLabel(rules)} · ${family}`;

/**
 * Packs records given in increasing seed order, one family and rule set, into verdict bits.
 * `range`, when given, is the run the file must cover exactly (seeds outside it are an error, and
 * so are seeds of it that never come). `add` fails at once on what cannot be fixed by solving more
 * (another group, a seed out of order or twice); undecided and missing deals are counted and
 * reported by `finish`.
 */
export class VerdictPacker {
  private group: { family: Family; rules: Rules } | undefined;
  private first: bigint | undefined;
  private next: bigint | undefined;
  private bits = new Uint8Array(1024);
  private count = 0;
  private missing = 0n;
  private firstMissing: bigint | undefined;
  private undecided = { unknown: 0, error: 0, other: 0 };
  private firstUndecided: string | undefined;

  constructor(private readonly range?: SeedRange) {
    if (range) this.next = this.first = range.from;
  }

  /** Takes the next record; an error is final. */
  add(r: VerdictRecord): Result<void> {
    if (!this.group) {
      if (!(FAMILIES as readonly string[]).includes(r.family)) return err(`unknown family ${JSON.stringify(r.family)} at seed ${r.seed}`);
      this.group = { family: r.family as Family, rules: r.rules };
    } else if (r.family !== this.group.family || !sameRules(r.rules, this.group.rules))
      return err(
        `the deals are of more than one rule set or family (${groupText(this.group.family, this.group.rules)}, then ` +
          `${groupText(r.family, r.rules)} at seed ${r.seed}); a packed file holds one: select it with --family, --draw, --passes, --foundation-return`,
      );
    const outside = outsideFamily(this.group.family, r.seed, r.seed);
    if (outside) return err(outside);
    if (this.range && (r.seed < this.range.from || r.seed > this.range.to))
      return err(`seed ${r.seed} lies outside the seeds ${this.range.from}-${this.range.to} being packed`);
    if (this.next === undefined) this.next = this.first = r.seed;
    if (r.seed < this.next)
      return err(
        `seed ${r.seed} comes after seed ${this.next - 1n}: the deals must come once each, in increasing seed order, as export writes them`,
      );
    if (r.seed > this.next) this.skip(r.seed - this.next);
    const i = Number(r.seed - this.first!);
    if (i >= MAX_PACKED) return err(`more than ${MAX_PACKED} deals from seed ${this.first}: pack them in parts with --seeds`);
    this.grow(i);
    if (r.verdict === 'winnable') this.bits[i >> 3] |= 1 << (i & 7);
    else if (r.verdict !== 'unwinnable') {
      const kind = r.verdict === 'unknown' || r.verdict === 'error' ? r.verdict : 'other';
      this.undecided[kind]++;
      this.firstUndecided ??= `seed ${r.seed} ${JSON.stringify(r.verdict)}`;
    }
    this.count = i + 1;
    this.next = r.seed + 1n;
    return ok(undefined);
  }

  private skip(n: bigint): void {
    this.firstMissing ??= this.next;
    this.missing += n;
  }

  private grow(i: number): void {
    if (i >> 3 < this.bits.length) return;
    const bigger = new Uint8Array(Math.max(this.bits.length * 2, (i >> 3) + 1));
    bigger.set(this.bits);
    this.bits = bigger;
  }

  /** The packed verdicts, or why they cannot be packed. */
  finish(): Result<PackedVerdicts> {
    if (this.range && this.next !== undefined && this.next <= this.range.to) this.skip(this.range.to - this.next + 1n);
    if (!this.group || this.first === undefined || this.count === 0)
      return err(this.range ? `no deals of seeds ${this.range.from}-${this.range.to} to pack` : 'no deals to pack');
    const what = groupText(this.group.family, this.group.rules);
    if (this.missing > 0n)
      return err(
        `${this.missing} seed${this.missing === 1n ? ' is' : 's are'} missing from ${this.first}-${this.range?.to ?? this.next! - 1n} (${what}; ` +
          `the first: ${this.firstMissing}): a packed file covers a run of seeds without gaps`,
      );
    const u = this.undecided;
    const n = u.unknown + u.error + u.other;
    if (n > 0)
      return err(
        `${n} deal${n === 1 ? ' is' : 's are'} not decided (${what}: unknown ${u.unknown}, error ${u.error}` +
          `${u.other ? `, other ${u.other}` : ''}; the first: ${this.firstUndecided}): solve them first ` +
          '(batch --retry-unknown with a larger --max-nodes); a packed file holds one decided verdict a deal',
      );
    return ok({ ...this.group, first: this.first, count: this.count, bits: this.bits.slice(0, Math.ceil(this.count / 8)) });
  }
}

/**
 * The files of consecutive runs of seeds of one family and rule set, in order, as one file: part
 * k + 1 must start at the seed after part k's last. The joined file is the one packing all their
 * deals at once would write (the bits are moved to their place when a part's count is not a
 * multiple of 8).
 */
export function joinPacked(parts: readonly PackedVerdicts[]): Result<PackedVerdicts> {
  if (parts.length === 0) return err('no files to join');
  const head = parts[0];
  let count = 0;
  for (const [k, p] of parts.entries()) {
    if (p.family !== head.family || !sameRules(p.rules, head.rules))
      return err(
        `file ${k + 1} holds ${groupText(p.family, p.rules)}, file 1 ${groupText(head.family, head.rules)}: ` +
          'joined files are of one rule set and family',
      );
    const want = head.first + BigInt(count);
    if (p.first !== want)
      return err(
        `file ${k + 1} starts at seed ${p.first}, not at seed ${want} after the files before it: give them in seed order, without gaps`,
      );
    count += p.count;
    if (count > MAX_PACKED) return err(`more than ${MAX_PACKED} deals joined`);
  }
  const bits = new Uint8Array(Math.ceil(count / 8));
  let at = 0;
  for (const p of parts) {
    if (at % 8 === 0) bits.set(p.bits, at >> 3);
    else for (let i = 0; i < p.count; i++) if (isWinnableAt(p, i)) bits[(at + i) >> 3] |= 1 << ((at + i) & 7);
    at += p.count;
  }
  return ok({ family: head.family, rules: head.rules, first: head.first, count, bits });
}

/** One deal of an unpacked file: the leading columns of the export, which the bit determines. */
export interface UnpackedRecord {
  family: string;
  seed: number | string;
  draw: number;
  passes: number | null;
  foundationReturn: boolean;
  verdict: 'winnable' | 'unwinnable';
}

/** The export columns a packed file restores: the first six of the export, in its order. */
export const UNPACKED_COLUMNS = EXPORT_COLUMNS.slice(0, 6) as readonly (keyof UnpackedRecord)[];

/** The deals of a packed file in seed order, as export records (seed a number up to 2^53 − 1, a decimal string beyond). */
export function* unpackedRecords(p: PackedVerdicts): Generator<UnpackedRecord> {
  const { draw, passes, foundationReturn } = p.rules;
  for (let i = 0; i < p.count; i++) {
    yield {
      family: p.family,
      seed: exportedSeed(p.first + BigInt(i)),
      draw,
      passes,
      foundationReturn,
      verdict: isWinnableAt(p, i) ? 'winnable' : 'unwinnable',
    };
  }
}

/** The deals of a packed file as export text (CSV, NDJSON or JSON) of the UNPACKED_COLUMNS, in chunks of about 64 KB. */
export function unpackChunks(p: PackedVerdicts, format: ExportFormat): Generator<string> {
  return recordChunks(unpackedRecords(p), format, UNPACKED_COLUMNS, (rec, c) =>
    c === 'passes' && rec.passes === null ? 'unlimited' : rec[c],
  );
}
