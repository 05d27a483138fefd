import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  advertisedTools,
  checkCommand,
  checkReadPath,
  checkWritePath,
  isToolAllowed,
  PolicyViolation,
  resolvePolicy,
} from '../../src/core/tools/policy.js';
import { createToolRegistry, invokeTool, toolSpecs } from '../../src/core/tools/registry.js';
import { constraints, makeSandbox, put, toolContext } from './tool-helpers.js';

let box: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  box = makeSandbox('policy');
});
afterEach(() => box.cleanup());

function violation(fn: () => unknown): PolicyViolation {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyViolation);
    expect((error as Error).name).toBe('PolicyViolation');
    return error as PolicyViolation;
  }
  throw new Error('expected a PolicyViolation');
}

describe('resolvePolicy', () => {
  it('resolves scopes with realpath relative to the workdir', () => {
    mkdirSync(join(box.work, 'src'));
    const policy = resolvePolicy(constraints({ write_scope: ['src'], read_scope: ['.'] }), box.work);
    expect(policy.workdir).toBe(box.work);
    expect(policy.readScope).toEqual([box.work]);
    expect(policy.writeScope).toEqual([join(box.work, 'src')]);
    expect(policy.network).toBe('none');
    expect(policy.allowTools).toEqual(['read_file', 'write_file', 'list_dir', 'bash']);
  });

  it('refuses a relative scope that escapes the workdir, with .. or through a symlink', () => {
    const dots = violation(() => resolvePolicy(constraints({ read_scope: ['../outside'] }), box.work));
    expect(dots.code).toBe('outside_scope');
    expect(dots.message).toMatch(/read_scope entry "..\/outside".*outside the workdir.*absolute path/);

    symlinkSync(box.outside, join(box.work, 'link'));
    const link = violation(() => resolvePolicy(constraints({ write_scope: ['link'] }), box.work));
    expect(link.code).toBe('symlink_escape');
    expect(link.message).toMatch(/write_scope entry "link" resolves through a symlink/);
  });

  it('allows a directory outside the workdir only when named by an absolute path', () => {
    const policy = resolvePolicy(constraints({ read_scope: ['.', box.outside] }), box.work);
    expect(policy.readScope).toEqual([box.work, box.outside]);
    expect(checkReadPath(policy, join(box.outside, 'secret.txt'))).toBe(join(box.outside, 'secret.txt'));
  });
});

describe('checkReadPath / checkWritePath', () => {
  const policy = () => resolvePolicy(constraints(), box.work);

  it('returns the resolved absolute path for paths inside the scope', () => {
    put(box.work, 'a/b.txt', 'x');
    expect(checkReadPath(policy(), 'a/b.txt')).toBe(join(box.work, 'a/b.txt'));
    expect(checkReadPath(policy(), './a/../a/b.txt')).toBe(join(box.work, 'a/b.txt'));
    expect(checkReadPath(policy(), join(box.work, 'a/b.txt'))).toBe(join(box.work, 'a/b.txt'));
    // Not-yet-existing files resolve too (the write creates them).
    expect(checkWritePath(policy(), 'new/dir/file.txt')).toBe(join(box.work, 'new/dir/file.txt'));
  });

  it('refuses ../ escapes', () => {
    const error = violation(() => checkReadPath(policy(), '../outside/secret.txt'));
    expect(error.code).toBe('outside_scope');
    expect(error.message).toMatch(/^read refused: "..\/outside\/secret.txt" escapes with ".."/);
    expect(violation(() => checkWritePath(policy(), 'a/../../x')).message).toMatch(/^write refused/);
  });

  it('refuses absolute paths outside the scope', () => {
    const error = violation(() => checkReadPath(policy(), '/etc/passwd'));
    expect(error.code).toBe('outside_scope');
    expect(error.message).toMatch(/absolute path outside the read scope/);
    expect(violation(() => checkWritePath(policy(), join(box.outside, 'x.txt'))).code).toBe('outside_scope');
  });

  it('refuses a symlink to /etc for read and write', () => {
    symlinkSync('/etc', join(box.work, 'etc'));
    const read = violation(() => checkReadPath(policy(), 'etc/passwd'));
    expect(read.code).toBe('symlink_escape');
    expect(read.message).toMatch(/resolves through a symlink to \/etc\/passwd, outside the read scope/);
    const write = violation(() => checkWritePath(policy(), 'etc/truss-should-not-exist'));
    expect(write.code).toBe('symlink_escape');
    expect(existsSync('/etc/truss-should-not-exist')).toBe(false);
  });

  it('refuses a symlinked file pointing outside, and a dangling one', () => {
    symlinkSync(join(box.outside, 'secret.txt'), join(box.work, 'notes.txt'));
    expect(violation(() => checkReadPath(policy(), 'notes.txt')).code).toBe('symlink_escape');
    expect(violation(() => checkWritePath(policy(), 'notes.txt')).code).toBe('symlink_escape');
    // A dangling link would be followed by open(O_CREAT): writing through it is refused too.
    symlinkSync(join(box.outside, 'planted.txt'), join(box.work, 'dangling.txt'));
    expect(violation(() => checkWritePath(policy(), 'dangling.txt')).code).toBe('symlink_escape');
  });

  it('refuses a symlinked directory escape, including for new files below it', () => {
    symlinkSync(box.outside, join(box.work, 'shared'));
    expect(violation(() => checkReadPath(policy(), 'shared/secret.txt')).code).toBe('symlink_escape');
    expect(violation(() => checkWritePath(policy(), 'shared/new/deep.txt')).code).toBe('symlink_escape');
  });

  it('follows a symlink that stays inside the scope to its target', () => {
    put(box.work, 'real/target.txt', 'x');
    symlinkSync(join(box.work, 'real'), join(box.work, 'alias'));
    expect(checkWritePath(policy(), 'alias/target.txt')).toBe(join(box.work, 'real/target.txt'));
  });

  it('refuses NUL bytes, empty paths and writes into .git', () => {
    expect(violation(() => checkReadPath(policy(), 'a\0b')).code).toBe('nul_byte');
    expect(violation(() => checkReadPath(policy(), '')).code).toBe('invalid_path');
    const git = violation(() => checkWritePath(policy(), '.git/hooks/pre-commit'));
    expect(git.code).toBe('git_dir');
    expect(git.message).toMatch(/inside a .git directory/);
  });

  it('keeps writes inside a narrowed write scope', () => {
    mkdirSync(join(box.work, 'src'));
    const narrow = resolvePolicy(constraints({ write_scope: ['src'] }), box.work);
    expect(checkWritePath(narrow, 'src/a.ts')).toBe(join(box.work, 'src/a.ts'));
    expect(violation(() => checkWritePath(narrow, 'package.json')).message).toMatch(
      /outside the write scope \(.*\/work\/src\)/,
    );
    expect(checkReadPath(narrow, 'package.json')).toBe(join(box.work, 'package.json'));
  });

  it('refuses a write path holding a forbidden substring', () => {
    const forbidding = resolvePolicy(constraints({ forbidden: ['secrets'] }), box.work);
    expect(violation(() => checkWritePath(forbidding, 'secrets/key.pem')).code).toBe('forbidden');
  });
});

describe('checkCommand', () => {
  it('refuses forbidden substrings, also with extra whitespace', () => {
    const policy = resolvePolicy(constraints({ forbidden: ['rm -rf /', 'git push'] }), box.work);
    const error = violation(() => checkCommand(policy, 'echo hi && git push origin main'));
    expect(error.code).toBe('forbidden');
    expect(error.message).toMatch(/forbidden substring "git push"/);
    expect(violation(() => checkCommand(policy, 'git   push')).code).toBe('forbidden');
    expect(violation(() => checkCommand(policy, 'sudo rm -rf / --no-preserve-root')).code).toBe('forbidden');
    expect(() => checkCommand(policy, 'git status && ls')).not.toThrow();
  });

  it('refuses obvious network tools when network is "none" (best effort)', () => {
    const policy = resolvePolicy(constraints({ network: 'none' }), box.work);
    for (const command of [
      'curl https://example.com',
      'ls && wget -q http://x',
      'echo hi | nc 10.0.0.1 80',
      'ssh host true',
      '/usr/bin/curl x',
      'git fetch origin',
      'cat < /dev/tcp/1.2.3.4/80',
    ]) {
      const error = violation(() => checkCommand(policy, command));
      expect(error.code).toBe('network');
      expect(error.message).toMatch(/network = "none".*sandbox/);
    }
    for (const command of ['cat nc.txt', 'npm test', 'echo curling', 'git status', 'grep -r sshd_config .']) {
      expect(() => checkCommand(policy, command), command).not.toThrow();
    }
    const open = resolvePolicy(constraints({ network: 'open' }), box.work);
    expect(() => checkCommand(open, 'curl https://example.com')).not.toThrow();
  });

  it('with an allowlist, refuses URLs to other hosts', () => {
    const policy = resolvePolicy(
      constraints({ network: 'allowlist', allowlist: ['github.com', '*.npmjs.org'] }),
      box.work,
    );
    expect(() => checkCommand(policy, 'curl -sS https://github.com/x')).not.toThrow();
    expect(() => checkCommand(policy, 'curl https://registry.npmjs.org/zod')).not.toThrow();
    expect(violation(() => checkCommand(policy, 'curl https://evil.example/x')).message).toMatch(
      /"evil.example", which is not in the network allowlist/,
    );
  });

  it('refuses a NUL byte', () => {
    const policy = resolvePolicy(constraints(), box.work);
    expect(violation(() => checkCommand(policy, 'echo a\0b')).code).toBe('nul_byte');
  });
});

describe('tool allowlist', () => {
  it('matches exact names and * patterns', () => {
    const policy = resolvePolicy(constraints({ allow_tools: ['read_file', 'git_*'] }), box.work);
    expect(isToolAllowed(policy, 'read_file')).toBe(true);
    expect(isToolAllowed(policy, 'git_commit')).toBe(true);
    expect(isToolAllowed(policy, 'git_status')).toBe(true);
    expect(isToolAllowed(policy, 'bash')).toBe(false);
    expect(isToolAllowed(policy, 'read_files')).toBe(false);
    expect(isToolAllowed(resolvePolicy(constraints({ allow_tools: ['*'] }), box.work), 'bash')).toBe(true);
  });

  it('does not advertise a disallowed tool, and refuses it if called anyway', async () => {
    const registry = createToolRegistry();
    const context = toolContext(box.work, { allow_tools: ['read_file', 'list_dir'] });
    const advertised = advertisedTools(registry, context.policy).map((tool) => tool.name);
    expect(advertised).toEqual(['read_file', 'list_dir']);
    expect(toolSpecs(advertisedTools(registry, context.policy)).map((spec) => spec.name)).not.toContain(
      'write_file',
    );

    const outcome = await invokeTool(registry, 'write_file', { path: 'x.txt', content: 'hi' }, context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/tool "write_file" refused: it is not in the contract's allow_tools/);
    expect(outcome.data).toMatchObject({ refused: true, violation: 'tool_not_allowed' });
    expect(existsSync(join(box.work, 'x.txt'))).toBe(false);

    const unknown = await invokeTool(registry, 'rm_rf', {}, context);
    expect(unknown.isError).toBe(true);
    expect(unknown.content).toMatch(/unknown tool "rm_rf"/);
  });

  it('refuses every call once the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const context = toolContext(box.work, {}, controller.signal);
    put(box.work, 'a.txt', 'a');
    const outcome = await invokeTool(createToolRegistry(), 'read_file', { path: 'a.txt' }, context);
    expect(outcome).toMatchObject({ isError: true, data: { cancelled: true } });
    expect(readFileSync(join(box.work, 'a.txt'), 'utf8')).toBe('a');
  });
});
