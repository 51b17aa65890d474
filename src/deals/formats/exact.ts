import { dealFromSeed, parseSeed, positionCode } from '../families.ts';
import { type Position, dealPosition, hasUnseen } from '../../engine/position.ts';
import { type Result, err, ok } from '../../types.ts';

export function parseExact(text: string): Result<Position> {
  const n = parseSeed(text, 'exact');
  if (!n.ok) return err(`exact code: ${n.error}`);
  const d = dealFromSeed(n.value, 'exact');
  return d.ok ? ok(dealPosition(d.value)) : d;
}

export function makeExact(p: Position): Result<string> {
  if (hasUnseen(p)) return err('the exact format cannot hold unseen cards (use json, solvitaire or pysol)');
  const n = positionCode(p);
  return n.ok ? ok(`${n.value}\n`) : n;
}
