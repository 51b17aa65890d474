/**
 * Stands in for `node:fs` in the browser build. The library's formats module reads deal files
 * with `readFileSync` for the command line; the app never reads files, only text, so the function
 * only has to exist.
 */
export function readFileSync(): never {
  throw new Error('files cannot be read in the browser');
}
