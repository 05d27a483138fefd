// Checks the layering described in docs/architecture.md: hosts (action, app, cli) → github → core;
// no imports between hosts; hosts and github use a core folder only through its index.ts; no cycle
// between the folders of src/core; no file over 500 lines.
// `node scripts/arch.mjs [--json]` exits 1 and lists every violation.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const rootFlag = process.argv.indexOf('--root');
/** `--root DIR` checks another tree (the tests give it small trees with one violation each). */
const ROOT =
  rootFlag >= 0
    ? resolve(process.argv[rootFlag + 1] ?? '.')
    : resolve(dirname(new URL(import.meta.url).pathname), '..');
const SRC = join(ROOT, 'src');
const HOSTS = ['action', 'app', 'cli'];
const MAX_LINES = 500;
/** Generated files are exempt from the size limit (their source is elsewhere). */
const GENERATED = /\.generated\.ts$/;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative specifiers of static and dynamic imports and re-exports. */
function importsOf(text) {
  const specifiers = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) specifiers.push(match[1]);
  return specifiers;
}

/** `src/core/ledger/x.ts` → `core/ledger`; `src/github/render/y.ts` → `github`; hosts by name. */
function layerOf(file) {
  const parts = relative(SRC, file).split('/');
  if (parts[0] === 'core') return parts.length > 2 ? `core/${parts[1]}` : 'core';
  return parts[0];
}

function topOf(layer) {
  return layer.split('/')[0];
}

const violations = [];
const edges = new Map(); // core folder → Map(core folder → example "from → to")

for (const file of sourceFiles(SRC)) {
  const text = readFileSync(file, 'utf8');
  const from = layerOf(file);
  const lines = text.split('\n').length;
  if (lines > MAX_LINES && !GENERATED.test(file)) {
    violations.push({
      rule: 'file-size',
      file: relative(ROOT, file),
      detail: `${lines} lines (limit ${MAX_LINES})`,
    });
  }
  for (const specifier of importsOf(text)) {
    const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
    if (!target.startsWith(SRC)) continue;
    const to = layerOf(target);
    const where = `${relative(ROOT, file)} → ${relative(ROOT, target)}`;
    const fromTop = topOf(from);
    const toTop = topOf(to);
    if (fromTop === 'core' && toTop !== 'core') {
      violations.push({ rule: 'core-imports-outside', file: where, detail: `core must not import ${toTop}` });
    } else if (fromTop === 'github' && HOSTS.includes(toTop)) {
      violations.push({
        rule: 'github-imports-host',
        file: where,
        detail: `github must not import ${toTop}`,
      });
    } else if (HOSTS.includes(fromTop) && HOSTS.includes(toTop) && fromTop !== toTop) {
      violations.push({
        rule: 'host-imports-host',
        file: where,
        detail: `${fromTop} must not import ${toTop}`,
      });
    }
    // Outside core, a core folder is used through its public surface only (its index.ts).
    if (fromTop !== 'core' && toTop === 'core' && to !== 'core' && !target.endsWith('/index.ts')) {
      violations.push({
        rule: 'core-surface',
        file: where,
        detail: `import ${to} through ${to}/index.ts, its public surface`,
      });
    }
    if (fromTop === 'core' && toTop === 'core' && from !== to) {
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from);
      if (!out.has(to)) out.set(to, where);
    }
  }
}

// Cycles between core folders: Tarjan's strongly connected components.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function connect(node) {
  state.set(node, { index, low: index, onStack: true });
  index++;
  stack.push(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!state.has(next)) {
      connect(next);
      state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
    }
  }
  if (state.get(node).low === state.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const node of edges.keys()) if (!state.has(node)) connect(node);
for (const component of components) {
  const examples = component.flatMap((from) =>
    [...(edges.get(from) ?? [])].filter(([to]) => component.includes(to)).map(([, where]) => where),
  );
  violations.push({ rule: 'core-folder-cycle', file: component.join(' ↔ '), detail: examples.join('; ') });
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ ok: violations.length === 0, violations }, null, 2));
} else if (violations.length === 0) {
  console.log('architecture: ok (layers, core surfaces, no core folder cycles, no file over 500 lines)');
} else {
  for (const v of violations) console.error(`${v.rule}: ${v.file}\n    ${v.detail}`);
  console.error(`\narchitecture: ${violations.length} violation(s); see docs/architecture.md`);
}
process.exit(violations.length === 0 ? 0 : 1);
