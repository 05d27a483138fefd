/**
 * Most test files share one worker process (vitest.config.ts, `isolate: false`): a module mock would
 * leak into the files that run after it, and a hook a helper registers when first imported would run
 * only for the first file of a worker. These checks keep the two lists in vitest.config.ts honest.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../../vitest.config.js';
import { REPO_ROOT } from '../helpers/cli.js';

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => relative(REPO_ROOT, join(REPO_ROOT, dir, name)));
}

describe('files that share a worker', () => {
  it('every test file that mocks a module runs in a process of its own (ISOLATED)', () => {
    const mocking = filesUnder('test', '.test.ts').filter((file) =>
      /\bvi\s*\.\s*(mock|doMock)\s*\(/.test(readFileSync(join(REPO_ROOT, file), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !ISOLATED.includes(file))).toEqual([]);
  });

  it('every ISOLATED entry names a test file that exists', () => {
    expect(ISOLATED.filter((file) => !existsSync(join(REPO_ROOT, file)))).toEqual([]);
  });

  it('no helper registers a vitest hook when imported: only inside the functions tests call', () => {
    const atModuleScope = filesUnder('test/helpers', '.ts').filter((file) =>
      /^(beforeEach|afterEach|beforeAll|afterAll)\s*\(/m.test(readFileSync(join(REPO_ROOT, file), 'utf8')),
    );
    expect(atModuleScope).toEqual([]);
  });
});
