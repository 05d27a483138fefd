import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { ContractError } from '../../src/core/contract/index.js';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'contracts');

/** A temporary directory; `write` creates files (and parent folders) relative to it. */
export function tempDir(prefix = 'contract') {
  const root = mkdtempSync(join(tmpdir(), `truss-${prefix}-`));
  return {
    root,
    path: (...parts: string[]) => join(root, ...parts),
    write(relative: string, text: string): string {
      const file = join(root, relative);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export type TempDir = ReturnType<typeof tempDir>;

/** Runs `action`, asserts it throws a ContractError and returns it. */
export function contractError(action: () => unknown): ContractError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ContractError);
    return error as ContractError;
  }
  throw new Error('expected a ContractError, nothing was thrown');
}

export const MINIMAL_CONTRACT = `[contract]
id = "minimal"
intent = "Say hello."

[[done]]
kind = "review"
desc = "it says hello"
`;
