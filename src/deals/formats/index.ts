import { checkShape } from '../../engine/check.ts';
import { type Position, validatePartialPosition } from '../../engine/position.ts';
import { type Result, echo, err, ok } from '../../types.ts';
import { oneLine, parseJsonText, stripAnsi } from './common.ts';
import { parseDeck, makeDeck } from './deck.ts';
import { parseExact, makeExact } from './exact.ts';
import { parseJson, makeJson } from './json.ts';
import { parsePysol, makePysol } from './pysol.ts';
import { parseSolvitaire, makeSolvitaire } from './solvitaire.ts';
import { parseText, makeText } from './text.ts';

/** The names of the formats. */
export const FORMATS = ['json', 'solvitaire', 'deck', 'ksolve-deck', 'pysol', 'text', 'exact'] as const;
export type Format = (typeof FORMATS)[number];

/** Options for writing: `colour` adds ANSI colours to the `text` picture. */
export interface FormatOptions {
  colour?: boolean;
}

/** Reads a format name. */
export function parseFormat(text: string): Result<Format> {
  const t = text.trim().toLowerCase();
  const f = FORMATS.find((x) => x === t);
  return f ? ok(f) : err(`unknown format ${JSON.stringify(text)} (expected ${FORMATS.join(', ')})`);
}

/** Guesses the format of a text: JSON (`tableau` → json, `tableau piles` → solvitaire), digits → deck, `Talon:` → pysol, `Foundations:` picture → text. */
export function detectFormat(text: string): Result<Format> {
  const t = text.trim();
  if (t === '') return err('empty input: no deal to read');
  if (t.startsWith('{') || t.startsWith('[')) {
    const o = parseJsonText(t);
    if (!o.ok) return o;
    const v = o.value;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      if ('tableau piles' in v) return ok('solvitaire');
      if ('tableau' in v) return ok('json');
    }
    return err('JSON input has neither "tableau" (our format) nor "tableau piles" (Solvitaire\'s)');
  }
  if (/^[0-9]{1,68}$/.test(t))
    return err(
      'a bare number is a seed, not a deal: give it with --seed N and its --family (e.g. exact or microsoft), or read it as format exact',
    );
  if (/^[0-9\s]+$/.test(t)) return ok('deck');
  const firstLine = stripAnsi(t).split(/\r?\n/)[0].trim();
  if (/^foundations:/i.test(firstLine) && /[♣♦♥♠]/.test(firstLine)) return ok('text');
  if (/^(talon|foundations)\s*:/im.test(t)) return ok('pysol');
  return err('cannot tell the input format (expected JSON, a 156-digit deck string, PySol text with a Talon: line, or the text picture)');
}

/** Parses a position in `format`, or in the detected format when `format` is undefined. */
export function parsePosition(text: string, format?: Format): Result<{ position: Position; format: Format }> {
  return parseAny(text, format, false);
}

/** Parses a position that may hold unseen cards (`??`: face-down tableau cards, stock cards), as parsePosition. */
export function parsePartialPosition(text: string, format?: Format): Result<{ position: Position; format: Format }> {
  return parseAny(text, format, true);
}

function parseAny(input: unknown, format: Format | undefined, partial: boolean): Result<{ position: Position; format: Format }> {
  if (typeof input !== 'string') return err(`a position must be given as text, got ${input === null ? 'null' : typeof input}`);
  // a byte-order mark, as Notepad saves UTF-8, is not part of the text
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  let f: Format;
  if (format === undefined) {
    const d = detectFormat(text);
    if (!d.ok) return d;
    f = d.value;
  } else {
    if (!(FORMATS as readonly string[]).includes(format))
      return err(`unknown format ${JSON.stringify(format)} (expected ${FORMATS.join(', ')})`);
    f = format;
  }
  const r = PARSERS[f](text, partial);
  if (!r.ok) return err(echo(oneLine(r.error), 300));
  return ok({ position: r.value, format: f });
}

/**
 * Writes a position in `format`; an error for what is not a position (checked as `validatePartialPosition`
 * checks it: unseen cards `??` may stand for face-down and stock cards), or when the format cannot hold it
 * (e.g. a mid-game position as a deck string).
 */
export function formatPosition(p: Position, format: Format, opts: FormatOptions = {}): Result<string> {
  if (!(FORMATS as readonly string[]).includes(format))
    return err(`unknown format ${JSON.stringify(format)} (expected ${FORMATS.join(', ')})`);
  const shape = checkShape(p);
  if (!shape.ok) return shape;
  const valid = validatePartialPosition(p);
  if (!valid.ok) return valid;
  return WRITERS[format](p, opts);
}

/** Each parser takes `partial`: accept unseen cards (`??`). */
const PARSERS: Record<Format, (text: string, partial: boolean) => Result<Position>> = {
  json: parseJson,
  solvitaire: parseSolvitaire,
  deck: (t) => parseDeck(t, false),
  'ksolve-deck': (t) => parseDeck(t, true),
  pysol: parsePysol,
  text: parseText,
  exact: parseExact,
};

const WRITERS: Record<Format, (p: Position, opts: FormatOptions) => Result<string>> = {
  json: makeJson,
  solvitaire: makeSolvitaire,
  deck: (p) => makeDeck(p, false),
  'ksolve-deck': (p) => makeDeck(p, true),
  pysol: (p) => ok(makePysol(p)),
  text: (p, o) => ok(makeText(p, o.colour ?? false)),
  exact: makeExact,
};
