/**
 * A `git` on PATH that records each invocation — its argv and the GIT_CONFIG_* / prompt variables it
 * was given — and then runs the real git. Put `spy.env` into a process's environment (the action's
 * child process, or process.env for in-process calls) to see exactly what reached git.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { tempDir } from './temp-dir.js';

export interface GitInvocation {
  argv: string[];
  /** GIT_CONFIG_COUNT, GIT_CONFIG_KEY_0, GIT_CONFIG_VALUE_0 and GIT_TERMINAL_PROMPT ('' when unset). */
  env: { count: string; key: string; value: string; prompt: string };
}

const SEP = '\u001f';

/** The real git binary (resolved once, before any spy is on PATH). */
export const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

export function gitSpy(dir: string): {
  env: { PATH: string; TRUSS_GIT_SPY_LOG: string };
  invocations: () => GitInvocation[];
} {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const log = join(dir, 'git-invocations.log');
  const script = join(bin, 'git');
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      `s=$(printf '\\037')`,
      'line="${GIT_CONFIG_COUNT-}$s${GIT_CONFIG_KEY_0-}$s${GIT_CONFIG_VALUE_0-}$s${GIT_TERMINAL_PROMPT-}"',
      'for a in "$@"; do line="$line$s$a"; done',
      // One write per invocation: gits started side by side (git-batch.ts) append at the same time.
      'printf \'%s\\n\' "$line" >> "$TRUSS_GIT_SPY_LOG"',
      `exec '${REAL_GIT}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  return {
    env: { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, TRUSS_GIT_SPY_LOG: log },
    invocations: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => {
              const [count = '', key = '', value = '', prompt = '', ...argv] = line.split(SEP);
              return { argv, env: { count, key, value, prompt } };
            })
        : [],
  };
}

/** An invocation's argv after the `-c name=value` settings every harness git starts with. */
export function withoutSettings(argv: string[]): string[] {
  let at = 0;
  while (argv[at] === '-c') at += 2;
  return argv.slice(at);
}

/**
 * For tests of in-process git calls: a fresh spy on this process's PATH before each test of the
 * enclosing suite, and PATH back as it was after. Read the current spy through the returned getter.
 */
export function gitSpyOnProcessPath(): () => ReturnType<typeof gitSpy> {
  const saved = process.env.PATH;
  let spy: ReturnType<typeof gitSpy> | undefined;
  beforeEach(() => {
    spy = gitSpy(tempDir('spy').dir);
    process.env.PATH = spy.env.PATH;
    process.env.TRUSS_GIT_SPY_LOG = spy.env.TRUSS_GIT_SPY_LOG;
  });
  afterEach(() => {
    process.env.PATH = saved;
    delete process.env.TRUSS_GIT_SPY_LOG;
  });
  return () => {
    if (!spy) throw new Error('gitSpyOnProcessPath: the spy exists only inside a test');
    return spy;
  };
}
