import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ARCH = resolve(import.meta.dirname, '../../scripts/arch.mjs');
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A src tree of `files` (path → text) under a fresh root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'truss-arch-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'src', path)), { recursive: true });
    writeFileSync(join(root, 'src', path), text);
  }
  return root;
}

function arch(root: string): { status: number | null; rules: string[] } {
  const result = spawnSync(process.execPath, [ARCH, '--root', root, '--json'], { encoding: 'utf8' });
  const report = JSON.parse(result.stdout) as { violations: Array<{ rule: string }> };
  return { status: result.status, rules: report.violations.map((v) => v.rule) };
}

const CLEAN = {
  'core/ledger/index.ts': "export { hash } from './hash.js';\n",
  'core/ledger/hash.ts': 'export const hash = 1;\n',
  'core/run/index.ts': "import { hash } from '../ledger/index.js';\nexport const run = hash;\n",
  'github/report.ts': "import { run } from '../core/run/index.js';\nexport const report = run;\n",
  'cli/main.ts': "import { report } from '../github/report.js';\nexport const main = report;\n",
  'action/main.ts': "import { run } from '../core/run/index.js';\nexport const main = run;\n",
};

describe('npm run arch', () => {
  it('passes a tree that keeps the layers', () => {
    expect(arch(tree(CLEAN))).toEqual({ status: 0, rules: [] });
  });

  it.each([
    ['core-imports-outside', { 'core/run/bad.ts': "import { report } from '../../github/report.js';\n" }],
    ['github-imports-host', { 'github/bad.ts': "import { main } from '../cli/main.js';\n" }],
    ['host-imports-host', { 'action/bad.ts': "import { main } from '../cli/main.js';\n" }],
    ['core-surface', { 'cli/bad.ts': "import { hash } from '../core/ledger/hash.js';\n" }],
    ['core-folder-cycle', { 'core/ledger/bad.ts': "import { run } from '../run/index.js';\n" }],
    ['file-size', { 'core/ledger/long.ts': 'export const x = 1;\n'.repeat(501) }],
  ])('fails on %s', (rule, extra) => {
    const result = arch(tree({ ...CLEAN, ...extra }));
    expect(result.status).toBe(1);
    expect(result.rules).toEqual([rule]);
  });

  it('finds a dynamic import too', () => {
    const result = arch(tree({ ...CLEAN, 'core/run/lazy.ts': "await import('../../cli/main.js');\n" }));
    expect(result.rules).toEqual(['core-imports-outside']);
  });
});
