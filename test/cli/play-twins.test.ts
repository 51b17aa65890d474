/**
 * `klondike play` does not peek, checked from outside: two `exact` deal codes that differ only in
 * two face-down cards are played move for move alike until one of those cards is turned up.
 */
import { describe, expect, it } from 'vitest';
import { dealFromSeed, exactCode } from '../../src/deals/families.ts';
import { runInProcess } from '../support/cli-run.ts';

describe('klondike play with twin exact codes', () => {
  it('plays the same moves until a card where the deals differ is seen', async () => {
    const d = dealFromSeed(100_004);
    if (!d.ok) throw new Error(d.error);
    const twin = { ...d.value, tableau: d.value.tableau.map((p) => p.slice()) };
    [twin.tableau[6][0], twin.tableau[6][1]] = [twin.tableau[6][1], twin.tableau[6][0]];
    // in this process, one at a time (the binary's play is run by hidden.test.ts); small settings:
    // what is compared is the moves, not how well they play
    const runs = [];
    for (const deal of [d.value, twin])
      runs.push(
        await runInProcess(['play', '--family', 'exact', '--seed', String(exactCode(deal)), '--samples', '2', '--max-nodes', '1000']),
      );
    // the move lines, without the header (it names the code) and the summary
    const [a, b] = runs.map((r) => r.stdout.split('\n').filter((l) => /^ *\d+\. /.test(l)));
    expect(a.length).toBeGreaterThan(9);
    let k = 0;
    while (k < a.length && a[k] === b[k]) k++;
    // the first line that differs is the same move turning up different cards
    expect(k).toBeGreaterThan(9);
    expect(k).toBeLessThan(Math.min(a.length, b.length));
    const move = (l: string) => l.replace(/ {2}→ .*$/, '');
    expect(move(b[k])).toBe(move(a[k]));
    expect(b[k]).not.toBe(a[k]);
  });
});
