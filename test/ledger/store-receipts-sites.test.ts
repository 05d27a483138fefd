/**
 * Every host opens its ledger with the anchor-receipt checker (docs/anchor.md): a store opened
 * without it fails a session that carries an `anchor_receipt` ("no receipt checker"), so the same
 * anchored session verified in `truss ledger verify` and was refused by `truss eval`'s memory recall.
 * The checker is handed in by the host (core imports no host), so each call site must pass it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The argument text of each `LedgerStore.open(` call, up to its closing parenthesis. */
function openCalls(text: string): string[] {
  const calls: string[] = [];
  for (
    let at = text.indexOf('LedgerStore.open(');
    at !== -1;
    at = text.indexOf('LedgerStore.open(', at + 1)
  ) {
    let depth = 0;
    let end = at + 'LedgerStore.open'.length;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    calls.push(text.slice(at, end + 1));
  }
  return calls;
}

describe('the hosts open their ledgers', () => {
  it('with the anchor-receipt checker, at every call site', () => {
    let sites = 0;
    for (const host of ['cli', 'action', 'app', 'github']) {
      for (const file of sourceFiles(join(REPO_ROOT, 'src', host))) {
        for (const call of openCalls(readFileSync(file, 'utf8'))) {
          sites++;
          expect(call, relative(REPO_ROOT, file)).toMatch(/\breceipts\s*:/);
        }
      }
    }
    expect(sites).toBeGreaterThan(10);
  });
});
