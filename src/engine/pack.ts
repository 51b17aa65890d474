/**
 * `pack(s)` writes a packed state (state.ts) losslessly in a few dozen bytes (foundations as 4-bit nibbles, the
 * pass as a base-128 varint, a pile header of face-down count and length, one byte a card) and
 * `unpack(bytes, rules)` reads it back.
 */
import type { Rules } from '../types.ts';
import { STRIDE, State } from './state.ts';

/** Lossless bytes: foundation nibbles (2 bytes), the pass (varint), n, w, the deck, then per pile: down, len, cards. */
export function pack(s: State): Uint8Array {
  let passBytes = 1;
  for (let p = s.pass; p >= 128; p = Math.floor(p / 128)) passBytes++;
  let size = 4 + passBytes + s.n;
  for (let i = 0; i < 7; i++) size += 2 + s.len[i];
  const out = new Uint8Array(size);
  out[0] = (s.found[0] << 4) | s.found[1];
  out[1] = (s.found[2] << 4) | s.found[3];
  let k = 2;
  // base 128, low digits first, the high bit marking "more digits follow"
  for (let p = s.pass; ; p = Math.floor(p / 128)) {
    if (p < 128) {
      out[k++] = p;
      break;
    }
    out[k++] = 128 | (p % 128);
  }
  out[k++] = s.n;
  out[k++] = s.w;
  for (let j = 0; j < s.n; j++) out[k++] = s.deck[j];
  for (let i = 0; i < 7; i++) {
    out[k++] = s.down[i];
    out[k++] = s.len[i];
    for (let j = 0; j < s.len[i]; j++) out[k++] = s.cols[i * STRIDE + j];
  }
  return out;
}

/** Reads bytes written by pack() into a state under the given rules. */
export function unpack(bytes: Uint8Array, rules: Rules): State {
  const s = new State(rules);
  s.found[0] = bytes[0] >> 4;
  s.found[1] = bytes[0] & 15;
  s.found[2] = bytes[1] >> 4;
  s.found[3] = bytes[1] & 15;
  s.home = s.found[0] + s.found[1] + s.found[2] + s.found[3];
  let k = 2;
  let pass = 0;
  for (let scale = 1; ; scale *= 128) {
    const b = bytes[k++];
    pass += (b & 127) * scale;
    if (b < 128) break;
  }
  s.pass = pass;
  s.n = bytes[k++];
  s.w = bytes[k++];
  for (let j = 0; j < s.n; j++) s.deck[j] = bytes[k++];
  for (let i = 0; i < 7; i++) {
    s.down[i] = bytes[k++];
    s.len[i] = bytes[k++];
    for (let j = 0; j < s.len[i]; j++) s.cols[i * STRIDE + j] = bytes[k++];
  }
  s.markDown();
  s.rehash();
  return s;
}
