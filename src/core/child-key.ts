/**
 * The search's key after a move, without making it (`childHash`, `keyAfter`): what the search looks
 * up in the transposition table before it enters a position, worked out from the position of
 * search-position.ts and the terms of zobrist-key.ts as `make` would change the key (moves.ts
 * `childHash`).
 */
import { col, deck, down, found, len } from './position-arrays.ts';
import { drawN } from './game-rules.ts';
import { hashPass, passTerm, wHashed, wk, z, ZD_AT, ZP_AT, ZS_AT, ZW_AT } from './zobrist-key.ts';
import { hash, sn, spass, stockPassFor, sw } from './search-position.ts';
import { BOTTOM, STRIDE } from './shared/layout.ts';
import { makeCard } from './shared/card-relations.ts';
import { DRAW, F2T, S2F, S2T, T2F, T2T } from './shared/move-encoding.ts';

/** The key after a move, written by `childHash`. */
export let childKey: u64 = 0;

/** The hash after move m, without making it, into `childKey` (moves.ts `childHash`). */
export function childHash(m: i32): void {
  childKey = keyAfter(m);
}
/** The hash after move m, without making it (`childHash`). */
export function keyAfter(m: i32): u64 {
  let key = hash;
  const kind = m & 15;
  if (kind === S2F || kind === S2T) {
    const i = (m >> 18) & 63;
    const c = deck(i);
    key ^= z(ZS_AT + c);
    if (wHashed) key ^= z(ZW_AT + inline.always(wk(sw, sn))) ^ z(ZW_AT + inline.always(wk(i, sn - 1)));
    if (hashPass && i !== sw - 1) {
      const p = inline.always(stockPassFor(i));
      if (p !== spass) {
        key ^= passTerm(spass) ^ passTerm(p);
      }
    }
    if (kind === S2T) {
      const b = (m >> 8) & 15;
      const lb = len(b);
      const k = c * 53 + (lb === 0 ? BOTTOM : col(b * STRIDE + lb - 1));
      key ^= z(ZP_AT + k);
    }
  } else if (kind === T2F || kind === T2T) {
    const a = (m >> 4) & 15;
    const count = kind === T2F ? 1 : (m >> 12) & 63;
    const rest = len(a) - count;
    const from = a * STRIDE + rest;
    const c = col(from);
    const k0 = c * 53 + (rest === 0 ? BOTTOM : col(from - 1));
    key ^= z(ZP_AT + k0);
    if (kind === T2T) {
      const b = (m >> 8) & 15;
      const lb = len(b);
      const k1 = c * 53 + (lb === 0 ? BOTTOM : col(b * STRIDE + lb - 1));
      key ^= z(ZP_AT + k1);
    }
    if (rest > 0 && down(a) === rest) {
      const f = col(from - 1);
      key ^= z(ZD_AT + f);
    }
  } else if (kind === F2T) {
    const suit = (m >> 4) & 15;
    const b = (m >> 8) & 15;
    const c = makeCard(found(suit), suit);
    const lb = len(b);
    const k = c * 53 + (lb === 0 ? BOTTOM : col(b * STRIDE + lb - 1));
    key ^= z(ZP_AT + k);
  } else if (kind === DRAW) {
    const w = min(sw + drawN, sn);
    const k0 = inline.always(wk(sw, sn));
    const k1 = inline.always(wk(w, sn));
    key ^= z(ZW_AT + k0) ^ z(ZW_AT + k1);
  } else {
    const k0 = inline.always(wk(sw, sn));
    key ^= z(ZW_AT + k0) ^ z(ZW_AT);
    if (hashPass) {
      key ^= passTerm(spass) ^ passTerm(spass + 1);
    }
  }
  return key;
}
export function getPh1(): i32 {
  return <i32>childKey;
}
export function getPh2(): i32 {
  return <i32>(childKey >> 32);
}
