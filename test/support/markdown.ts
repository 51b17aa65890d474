/** The repository's Markdown files as the tests that check their tables read them. */
import { readFileSync } from 'node:fs';

/** The text of a file of the repository, by its path from the top. */
export function repoText(path: string): string {
  return readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
}

/**
 * The cells of the first Markdown table after the first line that starts with `heading` (the
 * header and rule lines left out); none when there is no such line.
 */
export function tableAfter(text: string, heading: string): string[][] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(heading));
  if (at < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(at + 1)) {
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2);
}
