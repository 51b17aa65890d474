/**
 * The package version, owned by package.json alone: read from the file one directory above this
 * module, which is the package root both from the sources (`src/version.ts`) and from the compiled
 * package (`dist/version.js`). The CLI's `--version` and the `solver_version` stamped on stored
 * rows both come from here. The library's core entry does not import it (it reads a file).
 */
import { readFileSync } from 'node:fs';

/** The version in package.json. */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;
