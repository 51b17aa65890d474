/** The version stamped on every stored row: the package version. */
import { readFileSync } from 'node:fs';

/** The package version, read from package.json. */
export const SOLVER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
