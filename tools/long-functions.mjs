// Lists the functions of the TypeScript sources longer than a number of lines (80 unless given),
// longest first, and the source files over 500 lines: `node tools/long-functions.mjs [lines]
// [folder…]` (folders default to src and web/src). A function is any declaration, method,
// constructor, accessor, arrow or function expression, counted from its first line to its last,
// the functions nested in it included; an object of methods is not a function.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const limit = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 80;
const folders = args.length > 0 ? args : ['src', 'web/src'];
const FILE_LIMIT = 500;

function* sources(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.(ts|mts)$/.test(e.name) && !e.name.endsWith('.d.ts')) yield p;
  }
}

/** The name a function is known by: its own, or the variable, property or class member it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && ts.isIdentifier(p.name))
    return p.name.text;
  return '(anonymous)';
}

const long = [];
const bigFiles = [];
for (const folder of folders)
  for (const file of sources(join(root, folder))) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(root, file);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > FILE_LIMIT) bigFiles.push({ rel, lines });
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const from = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        const to = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        if (to - from + 1 > limit) long.push({ rel, from, lines: to - from + 1, name: nameOf(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
long.sort((a, b) => b.lines - a.lines);
for (const f of long) console.log(`${String(f.lines).padStart(5)}  ${f.rel}:${f.from}  ${f.name}`);
console.log(`${long.length} functions over ${limit} lines`);
bigFiles.sort((a, b) => b.lines - a.lines);
for (const f of bigFiles) console.log(`${String(f.lines).padStart(5)}  ${f.rel}`);
console.log(`${bigFiles.length} files over ${FILE_LIMIT} lines`);
