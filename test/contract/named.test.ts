import { mkdirSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTRACTS_DIR,
  findConfig,
  findContract,
  listContracts,
  resolveContract,
} from '../../src/core/contract/index.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';
import { contractError, MINIMAL_CONTRACT } from './helpers.js';

let temp: TempDir;
let repo: string;
let outside: TempDir;
beforeEach(() => {
  temp = tempDir('named');
  outside = tempDir('outside');
  repo = temp.path('repo');
  mkdirSync(repo);
});
afterEach(() => {
  temp.cleanup();
  outside.cleanup();
});

function contract(name: string, text = MINIMAL_CONTRACT): string {
  return temp.write(join('repo', CONTRACTS_DIR, `${name}.toml`), text);
}

describe('findContract', () => {
  it('resolves NAME to .truss/contracts/NAME.toml and no name to default.toml', () => {
    const greeting = contract('greeting');
    const dflt = contract('default');
    const dotted = contract('release.v2_final-1');
    expect(findContract('greeting', repo)).toBe(greeting);
    expect(findContract('release.v2_final-1', repo)).toBe(dotted);
    expect(findContract(undefined, repo)).toBe(dflt);
    expect(findContract('  ', repo)).toBe(dflt);
  });

  it('lists the available contracts when NAME does not exist', () => {
    contract('greeting');
    contract('default');
    temp.write(join('repo', CONTRACTS_DIR, 'notes.md'), 'not a contract');
    const error = contractError(() => findContract('greting', repo));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe(
      '.truss/contracts/greting.toml: no contract named "greting"; did you mean "greeting"? available contracts: default, greeting',
    );
    expect(listContracts(repo)).toEqual(['default', 'greeting']);
  });

  it('says how to start when there are no contracts at all', () => {
    const error = contractError(() => findContract(undefined, repo));
    expect(error.message).toBe(
      '.truss/contracts/default.toml: no contract named "default"; there are no contracts yet; ' +
        'create .truss/contracts/default.toml',
    );
    expect(listContracts(repo)).toEqual([]);
  });

  it.each([
    '../x',
    '../../etc/passwd',
    '/etc/passwd',
    'a/b',
    'a\\b',
    '..',
    '.hidden',
    '-rf',
    'name with space',
  ])('refuses %j as a contract name', (name) => {
    const error = contractError(() => findContract(name, repo));
    expect(error.code).toBe('invalid');
    // What follows says what is at that path when something is (`..`, `/etc/passwd`).
    expect(
      error.message.startsWith(
        `${name}: is not a contract name; use letters, digits, ".", "_" and "-", starting with a letter or digit ` +
          '(a name from .truss/contracts/) or a path ending in .toml',
      ),
    ).toBe(true);
  });

  it('refuses a contract that is a symlink to a file outside .truss/contracts', () => {
    const secret = outside.write('secret.toml', MINIMAL_CONTRACT);
    mkdirSync(join(repo, CONTRACTS_DIR), { recursive: true });
    symlinkSync(secret, join(repo, CONTRACTS_DIR, 'evil.toml'));
    // Also a relative link that climbs into the rest of the repository.
    temp.write('repo/elsewhere.toml', MINIMAL_CONTRACT);
    symlinkSync('../../elsewhere.toml', join(repo, CONTRACTS_DIR, 'climb.toml'));
    for (const name of ['evil', 'climb']) {
      const error = contractError(() => findContract(name, repo));
      expect(error.code).toBe('invalid');
      expect(error.message).toBe(
        `.truss/contracts/${name}.toml: resolves outside .truss/contracts/ (symlink); refusing to read it`,
      );
    }
  });

  it('refuses a .truss/contracts directory that is a symlink out of the repository', () => {
    outside.write('contracts/x.toml', MINIMAL_CONTRACT);
    mkdirSync(join(repo, '.truss'));
    symlinkSync(outside.path('contracts'), join(repo, CONTRACTS_DIR));
    const error = contractError(() => findContract('x', repo));
    expect(error.message).toBe(
      '.truss/contracts/x.toml: resolves outside .truss/contracts/ (symlink); refusing to read it',
    );
  });

  it('accepts a symlink that stays inside .truss/contracts, and a repo root reached through a symlink', () => {
    const target = contract('greeting');
    symlinkSync('greeting.toml', join(repo, CONTRACTS_DIR, 'hello.toml'));
    expect(findContract('hello', repo)).toBe(join(repo, CONTRACTS_DIR, 'hello.toml'));
    const linkedRoot = temp.path('linked-repo');
    symlinkSync(repo, linkedRoot);
    expect(findContract('greeting', linkedRoot)).toBe(join(linkedRoot, CONTRACTS_DIR, 'greeting.toml'));
    expect(target).toBe(join(repo, CONTRACTS_DIR, 'greeting.toml'));
  });

  it('refuses a dangling symlink or a directory named like a contract', () => {
    mkdirSync(join(repo, CONTRACTS_DIR, 'dir.toml'), { recursive: true });
    symlinkSync('missing.toml', join(repo, CONTRACTS_DIR, 'dangling.toml'));
    expect(contractError(() => findContract('dir', repo)).message).toBe(
      '.truss/contracts/dir.toml: is not a regular file',
    );
    expect(contractError(() => findContract('dangling', repo)).code).toBe('not_found');
    // Named as the link it is, not as a missing contract whose closest name is itself.
    expect(contractError(() => findContract('dangling', repo)).message).toBe(
      '.truss/contracts/dangling.toml: is a symbolic link to missing.toml, which does not exist; point it at the file',
    );
  });

  it('takes any path ending in .toml as given, relative to cwd, without the traversal rule', () => {
    const own = outside.write('mine/contract.toml', MINIMAL_CONTRACT);
    expect(findContract(own, repo)).toBe(own);
    const fromRepo = relative(repo, own);
    expect(fromRepo.startsWith('..')).toBe(true);
    expect(findContract(fromRepo, temp.path('unused-root'), repo)).toBe(own);
    const error = contractError(() => findContract('nope/x.toml', repo, repo));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('nope/x.toml: file not found');
  });

  it('says what a new user meant: a file named without .toml, a path relative to the workdir, a directory', () => {
    const cwd = temp.path('here');
    temp.write('here/examples/contracts/health.toml', MINIMAL_CONTRACT);
    temp.write('here/local.toml', MINIMAL_CONTRACT);
    contract('greeting');
    // `.toml` left off a path, and off a file beside the working directory: the file is named.
    expect(contractError(() => findContract('examples/contracts/health', repo, cwd)).message).toMatch(
      /is not a contract name; .*; did you mean the file examples\/contracts\/health\.toml\?$/,
    );
    expect(contractError(() => findContract('local', repo, cwd)).message).toBe(
      '.truss/contracts/local.toml: no contract named "local"; available contracts: greeting; did you mean the file local.toml?',
    );
    // Names from PR comments never probe the file system for files.
    expect(
      contractError(() => findContract('local', repo, cwd, { allowPaths: false })).message,
    ).not.toContain('local.toml?');
    // A relative path is read from cwd; the file is in the workdir: say which path to pass.
    temp.write('repo/ci/check.toml', MINIMAL_CONTRACT);
    expect(contractError(() => findContract('ci/check.toml', repo, cwd)).message).toBe(
      'ci/check.toml: file not found; a relative path is read from the current directory, not the workdir: pass ../repo/ci/check.toml',
    );
    mkdirSync(temp.path('here/dir.toml'));
    expect(contractError(() => findContract('dir.toml', repo, cwd)).message).toBe(
      'dir.toml: is a directory; pass the path of a contract .toml file in it',
    );
  });

  it('says what is at the path when it is there but is no contract file: a link, a directory, a file without .toml', () => {
    const cwd = temp.path('here');
    mkdirSync(join(cwd, 'contracts'), { recursive: true });
    contract('health');
    symlinkSync('b.toml', join(cwd, 'a.toml'));
    symlinkSync('a.toml', join(cwd, 'b.toml'));
    symlinkSync('gone.toml', join(cwd, 'dangling.toml'));
    temp.write('here/CHECK.TOML', MINIMAL_CONTRACT);
    const message = (name: string) => contractError(() => findContract(name, repo, cwd)).message;
    // A link is there (ls lists it): not "file not found".
    expect(message('a.toml')).toBe(
      'a.toml: is a symbolic link (to b.toml) that loops back on itself; point it at the file',
    );
    expect(message('dangling.toml')).toBe(
      'dangling.toml: is a symbolic link to gone.toml, which does not exist; point it at the file',
    );
    // A directory or a file named without .toml is read as a contract name; say what it is.
    expect(message('contracts')).toMatch(
      /; contracts here is a directory: pass the path of a contract \.toml file in it$/,
    );
    expect(message('./contracts')).toMatch(/; \.\/contracts here is a directory/);
    expect(message('CHECK.TOML')).toMatch(
      /; CHECK\.TOML here is a file, but truss reads a contract file only by a path ending in \.toml \(in lowercase\)$/,
    );
    // NAME.toml given for a contract of the repository: the name that runs it.
    expect(message('health.toml')).toBe(
      'health.toml: file not found; did you mean the contract health (.truss/contracts/health.toml): truss run health',
    );
    // Names from PR comments never probe the file system.
    expect(
      contractError(() => findContract('contracts', repo, cwd, { allowPaths: false })).message,
    ).not.toContain('here is');
  });

  it('refuses explicit paths when the caller forbids them (names from PR comments)', () => {
    const own = outside.write('c.toml', MINIMAL_CONTRACT);
    const error = contractError(() => findContract(own, repo, repo, { allowPaths: false }));
    expect(error.message).toBe(`${own}: paths are not accepted here; name a contract from .truss/contracts/`);
  });
});

describe('findConfig', () => {
  it('returns .truss/config.toml when present and undefined otherwise', () => {
    expect(findConfig(repo)).toBeUndefined();
    const config = temp.write('repo/.truss/config.toml', 'reviewers = 3\n');
    expect(findConfig(repo)).toBe(config);
  });

  it('refuses a config symlinked from outside the repository', () => {
    mkdirSync(join(repo, '.truss'));
    symlinkSync(outside.write('config.toml', 'reviewers = 3\n'), join(repo, '.truss/config.toml'));
    expect(contractError(() => findConfig(repo)).message).toBe(
      '.truss/config.toml: resolves outside the repository (symlink); refusing to read it',
    );
  });
});

describe('default.toml and free-text intent', () => {
  const DEFAULT = `[contract]
id = "adhoc"
intent = "placeholder: replaced by the text after --"

[[done]]
kind = "review"
desc = "the change does what the intent says"
`;

  it('replaces the intent of default.toml with the free text', () => {
    contract('default', DEFAULT);
    const contractPath = findContract(undefined, repo);
    const { contract: resolved, sources } = resolveContract({
      contractPath,
      overrides: { intent: 'Fix the typo in README.md' },
    });
    expect(resolved.contract).toEqual({ id: 'adhoc', intent: 'Fix the typo in README.md' });
    expect(sources.flags).toEqual(['--intent']);
    const plain = resolveContract({ contractPath });
    expect(plain.contract.contract.intent).toBe('placeholder: replaced by the text after --');
    expect(plain.hash).not.toBe(resolveContract({ contractPath, overrides: { intent: 'x' } }).hash);
  });

  it('lets default.toml leave the intent out when free text supplies it', () => {
    const contractPath = contract('default', DEFAULT.replace(/^intent = .*\n/m, ''));
    const { contract: resolved } = resolveContract({ contractPath, overrides: { intent: 'Add a LICENSE' } });
    expect(resolved.contract.intent).toBe('Add a LICENSE');
    const error = contractError(() => resolveContract({ contractPath }));
    expect(error.message).toBe(
      `${contractPath}:1:1: contract.intent: missing required key; add intent = "..." to [contract]`,
    );
  });
});
