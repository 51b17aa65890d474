/**
 * The layers as the docs give them are the layers the layers test enforces: docs/architecture.md's
 * table and the README's development section list the folders of `LAYERS` (test/repo/layers.test.ts)
 * in the same order, so a layer added, removed or moved there fails here until the docs follow.
 */
import { describe, expect, it } from 'vitest';
import { repoText } from '../support/markdown.ts';

/** The first path of each layer in the `LAYERS` array of a layers test's text, lowest first. */
function enforcedLayers(text: string): string[] {
  const block = /const LAYERS[^=]*=\s*\[([\s\S]*?)\n\];/.exec(text);
  if (!block) return [];
  return [...block[1].matchAll(/^\s*\[\s*'([^']+)'/gm)].map((m) => m[1]);
}

/** The first path of each row of the layers table of docs/architecture.md (`| # | layer | … |`). */
function tableLayers(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^\|\s*\d+\s*\|\s*`([^`]+)`/.exec(line);
    if (m) out.push(m[1].replace(/\/$/, ''));
  }
  return out;
}

/** The chain `a/` < `b/` < … of the README's development section, each folder under src/. */
function readmeLayers(text: string): string[] {
  const section = text.slice(text.indexOf('## Development'));
  const chain = /`[^`]+\/`(?:\s*<\s*`[^`]+\/`)+/.exec(section.replace(/\n/g, ' '));
  if (!chain) return [];
  return [...chain[0].matchAll(/`([^`]+)\/`/g)].map((m) => (m[1].startsWith('src/') ? m[1] : `src/${m[1]}`));
}

describe('the layers in the docs', () => {
  const enforced = enforcedLayers(repoText('test/repo/layers.test.ts'));

  it('the layers test is read: its layers, lowest first', () => {
    expect(enforced.length).toBeGreaterThanOrEqual(10);
    expect(enforced[0]).toBe('src/core/shared');
    expect(enforced.at(-1)).toBe('src/cli');
  });

  it("docs/architecture.md's table lists them in order", () => {
    expect(tableLayers(repoText('docs/architecture.md'))).toEqual(enforced);
  });

  it("the README's development section lists them in order", () => {
    expect(readmeLayers(repoText('README.md'))).toEqual(enforced);
  });

  it('a layer out of order is caught', () => {
    const table = '| 1 | `src/core/shared/` | x |\n| 2 | `src/engine/` | y |\n| 3 | `src/core/` | z |';
    expect(tableLayers(table)).toEqual(['src/core/shared', 'src/engine', 'src/core']);
    const readme = '## Development\n\nlayered: `src/core/shared/` < `engine/` <\n`core/`, the web app';
    expect(readmeLayers(readme)).toEqual(['src/core/shared', 'src/engine', 'src/core']);
    expect(enforcedLayers("const LAYERS: X = [\n  ['src/a'],\n  ['src/b', 'src/c.ts'],\n];")).toEqual(['src/a', 'src/b']);
  });
});
