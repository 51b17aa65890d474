import { type Position, makePositionJson, parsePositionObject } from '../../engine/position.ts';
import { type Result, ok } from '../../types.ts';
import { parseJsonText, layoutJson } from './common.ts';

export function parseJson(text: string, partial: boolean): Result<Position> {
  const o = parseJsonText(text);
  if (!o.ok) return o;
  return parsePositionObject(o.value, partial);
}

export function makeJson(p: Position): Result<string> {
  return ok(layoutJson(makePositionJson(p)));
}
