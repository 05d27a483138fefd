import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveContractSources } from '../../src/core/contract/resolve.js';
import {
  createIsolation,
  describeIsolation,
  dropForbiddenEnv,
  IsolationUnavailableError,
  isForbiddenEnvName,
  parseIsolationMode,
} from '../../src/core/process/index.js';
import type { Isolation } from '../../src/core/process/isolation.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { mechanismAvailable, netnsUidIsolation } from './isolation-kit.js';

/** A PATH with only sh and env: no unshare, setpriv, sudo or bwrap (a machine without mechanisms). */
function barePath(): string {
  const bin = mkdtempSync(join(tmpdir(), 'truss-bare-bin-'));
  mkdirSync(join(bin, 'x'));
  for (const tool of ['sh', 'env']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
  return bin;
}

const base = {
  network: 'none' as const,
  hiddenPaths: [],
  workdirs: [],
  scratchRoot: tmpdir(),
  isRoot: process.getuid?.() === 0,
};

/** `/bin/sh -c script` in `cwd` through `isolation`, as a check runs. */
function sandboxed(isolation: Isolation, cwd: string, script: string) {
  return runSupervised({
    file: '/bin/sh',
    args: ['-c', script],
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    stdin: null,
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    isolation,
  });
}

/** uid with its mounts made per process (a network namespace), as when iptables is missing or under sudo. */
function perProcessUid(
  account: NonNullable<ReturnType<typeof localAccount>>,
  paths: { hiddenPaths?: string[]; coverPaths?: { dir: string; keep: string[] }[] } = {},
): Isolation {
  return netnsUidIsolation(account, {
    hiddenPaths: paths.hiddenPaths ?? [],
    coverPaths: paths.coverPaths ?? [],
    scratchRoot: tmpdir(),
    heldNamespace: false,
  });
}

describe('the environment rule', () => {
  it('never passes action inputs, Actions tokens, GitHub tokens, runner file commands or Truss keys', () => {
    for (const name of [
      'INPUT_SIGNING-KEY',
      'INPUT_GITHUB_TOKEN',
      'input_anything',
      'ACTIONS_RUNTIME_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
      'GITHUB_TOKEN',
      'GH_TOKEN',
      'GITHUB_ENV',
      'GITHUB_OUTPUT',
      'TRUSS_SIGNING_KEY',
      'TRUSS_REVIEW_SIGNING_KEY',
      'TRUSS_APP_SIGNING_KEY',
    ]) {
      expect(isForbiddenEnvName(name), name).toBe(true);
    }
    for (const name of ['PATH', 'NPM_TOKEN', 'ANTHROPIC_API_KEY', 'GITHUB_SHA', 'TRUSS_CHECK', 'CI']) {
      expect(isForbiddenEnvName(name), name).toBe(false);
    }
    const env = { PATH: '/bin', INPUT_X: 'a', GITHUB_TOKEN: 'b', TRUSS_SIGNING_KEY: 'c' };
    expect(dropForbiddenEnv(env)).toEqual(['GITHUB_TOKEN', 'INPUT_X', 'TRUSS_SIGNING_KEY']);
    expect(env).toEqual({ PATH: '/bin' });
  });

  it('a contract granting a forbidden name is refused at file:line:col, in env, check_env and executor.env', () => {
    const contract = {
      file: 'c.toml',
      text: 'check_env = ["ACTIONS_RUNTIME_TOKEN"]\n[contract]\nid = "c"\nintent = "x"\n\n[[done]]\nkind = "check"\ndesc = "d"\nrun = "true"\nenv = ["INPUT_SIGNING_KEY"]\n\n[executor]\nkind = "delegated-cli"\ncommand = "x"\nenv = ["TRUSS_SIGNING_KEY"]\n',
    };
    expect(() => resolveContractSources({ contract })).toThrow(
      /c\.toml:1:\d+.*ACTIONS_RUNTIME_TOKEN is never passed/s,
    );
    expect(() => resolveContractSources({ contract })).toThrow(
      /c\.toml:10:\d+.*INPUT_SIGNING_KEY is never passed/s,
    );
    expect(() => resolveContractSources({ contract })).toThrow(/c\.toml:15:\d+.*TRUSS_SIGNING_KEY/s);
  });

  it('even unisolated, a spawned process does not receive a forbidden name', async () => {
    const outcome = await runSupervised({
      file: '/bin/sh',
      args: ['-c', 'env'],
      cwd: tmpdir(),
      env: { PATH: '/usr/bin:/bin', INPUT_SIGNING_KEY: 'secret-value', KEEP: 'yes' },
      stdin: null,
      timeoutMs: 5000,
      signal: new AbortController().signal,
    });
    const text = outcome.stdout.bytes.toString();
    expect(text).toContain('KEEP=yes');
    expect(text).not.toContain('secret-value');
    expect(outcome.droppedEnv).toEqual(['INPUT_SIGNING_KEY']);
  });
});

describe('choosing the mechanism', () => {
  it('parses the four modes and names them on a bad value', () => {
    expect(parseIsolationMode(' UID ', '--isolation')).toBe('uid');
    expect(() => parseIsolationMode('docker', '--isolation')).toThrow(/auto, uid, bwrap, none.*docker/);
  });

  it('an explicit mechanism this machine lacks fails closed, saying what to do', async () => {
    const path = barePath();
    for (const mode of ['uid', 'bwrap'] as const) {
      await expect(createIsolation({ ...base, mode, path })).rejects.toThrow(IsolationUnavailableError);
      await expect(createIsolation({ ...base, mode, path })).rejects.toThrow(
        /install bubblewrap|isolation = "none"/,
      );
    }
  });

  it('auto without any mechanism falls back to none and says why', async () => {
    const isolation = await createIsolation({ ...base, mode: 'auto', path: barePath() });
    expect(isolation.report).toMatchObject({ level: 'none', requested: 'auto', network_enforced: false });
    expect(isolation.report.notes.join(' ')).toMatch(
      /no isolation mechanism is available \(uid: .*; bwrap: .*\)/,
    );
    expect(describeIsolation(isolation.report)).toBe(
      'checks isolated: none — checks, agent tools and delegated CLIs ran as the harness user and could read its secrets',
    );
  });

  it.runIf(base.isRoot)(
    'as root, a root-only file outside the hidden paths: uid stops the read; bwrap too where it can drop to the sandbox user, else its report says so',
    async () => {
      // Outside /tmp, which both sandboxes replace with their own: where /etc/shadow would be.
      const dir = mkdtempSync('/var/lib/truss-root-only-');
      const secret = join(dir, 'root-only.txt');
      writeFileSync(secret, 'ROOT ONLY\n', { mode: 0o600 });
      chmodSync(dir, 0o755);
      const work = mkdtempSync(join(tmpdir(), 'truss-root-only-work-'));
      for (const mode of ['uid', 'bwrap'] as const) {
        const unavailable = await mechanismAvailable(mode);
        if (unavailable) {
          console.warn(`SKIPPED ${mode} root-only read: ${unavailable}`);
          continue;
        }
        const isolation = await createIsolation({
          ...base,
          mode,
          workdirs: [work],
          path: process.env.PATH ?? '',
        });
        const read = await sandboxed(isolation, work, `cat ${secret} 2>/dev/null || echo denied`);
        const note = isolation.report.notes.join(' ');
        // bwrap is started as the sandbox user where the machine allows it (bwrap-uid.test.ts);
        // where it does not, the note says the checks can read root-only files.
        if (note.includes('can read root-only files that are not hidden'))
          expect(read.stdout.bytes.toString()).toBe('ROOT ONLY\n');
        else expect(read.stdout.bytes.toString()).toBe('denied\n');
        if (mode === 'uid') expect(note).not.toContain('root-only files');
      }
      rmSync(dir, { recursive: true, force: true });
    },
    60_000,
  );

  it('network allowlist is recorded as not enforced', () => {
    expect(describeIsolation({ level: 'uid', network: 'allowlist', network_enforced: false })).toBe(
      'checks isolated: uid (network "allowlist" not enforced (best-effort filter only))',
    );
  });
});

describe("a working copy inside the harness HOME (a runner's workspace)", () => {
  for (const level of ['uid', 'bwrap'] as const) {
    it(`${level}: the rest of HOME is hidden, the working copy stays writable`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} HOME cover test: ${unavailable}`);
        return;
      }
      const home = mkdtempSync(join(tmpdir(), 'truss-home-cover-'));
      writeFileSync(join(home, 'secret.txt'), 'HOME-SECRET-VALUE', { mode: 0o644 });
      const work = join(home, 'work/repo');
      mkdirSync(work, { recursive: true });
      writeFileSync(join(work, 'README.md'), 'x');
      const isolation = await createIsolation({
        ...base,
        mode: level,
        network: 'open',
        workdirs: [work],
        hostHome: home,
        path: process.env.PATH ?? '',
      });
      const outcome = await runSupervised({
        file: '/bin/sh',
        args: ['-c', `cat ${home}/secret.txt; ls ${home}; cat README.md && echo ok > out.txt && echo wrote`],
        cwd: work,
        env: { PATH: process.env.PATH ?? '' },
        stdin: null,
        timeoutMs: 10_000,
        signal: new AbortController().signal,
        isolation,
      });
      const out = outcome.stdout.bytes.toString();
      expect(out).not.toContain('HOME-SECRET-VALUE');
      expect(out).toContain('wrote');
      expect(readFileSync(join(work, 'out.txt'), 'utf8')).toBe('ok\n');
    }, 30_000);
  }
});

describe('addWorkdir: a working copy made after the isolation (a clean room)', () => {
  for (const level of ['uid', 'bwrap'] as const) {
    it(`${level}: becomes writable by the sandbox`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} addWorkdir test: ${unavailable}`);
        return;
      }
      const isolation = await createIsolation({
        ...base,
        mode: level,
        network: 'open',
        path: process.env.PATH ?? '',
      });
      const room = mkdtempSync(join(tmpdir(), 'truss-clean-room-'));
      const write = () =>
        runSupervised({
          file: '/bin/sh',
          args: ['-c', 'echo ok > made.txt'],
          cwd: room,
          env: { PATH: process.env.PATH ?? '' },
          stdin: null,
          timeoutMs: 10_000,
          signal: new AbortController().signal,
          isolation,
        });
      expect((await write()).exitCode).not.toBe(0);
      await isolation.addWorkdir(room);
      expect((await write()).exitCode).toBe(0);
      expect(readFileSync(join(room, 'made.txt'), 'utf8')).toBe('ok\n');
    }, 30_000);
  }
});

describe('addWorkdir: git metadata of a working copy added later stays read-only', () => {
  /** The three ways a process gets its mounts: uid's held namespace, uid per process, bwrap. */
  const setups = [
    { name: 'uid (held namespace)', level: 'uid' as const, make: () => isolationFor('uid') },
    { name: 'uid (mounts per process)', level: 'uid' as const, make: () => perProcessUidFor() },
    { name: 'bwrap', level: 'bwrap' as const, make: () => isolationFor('bwrap') },
  ];
  function isolationFor(level: 'uid' | 'bwrap'): Promise<Isolation> {
    return createIsolation({ ...base, mode: level, network: 'open', path: process.env.PATH ?? '' });
  }
  async function perProcessUidFor(): Promise<Isolation> {
    const account = localAccount(SANDBOX_OFFLINE_USER);
    if (!account) throw new Error(`${SANDBOX_OFFLINE_USER} is missing`);
    return perProcessUid(account);
  }
  for (const setup of setups) {
    it(`${setup.name}: its .git/config and hooks cannot be written and its .git cannot be replaced; commits still work`, async () => {
      const unavailable = await mechanismAvailable(setup.level);
      if (unavailable) {
        console.warn(`SKIPPED ${setup.name} added git metadata test: ${unavailable}`);
        return;
      }
      // The offline sandbox account exists once a uid isolation with network = "none" was made.
      if (setup.level === 'uid')
        await createIsolation({ ...base, mode: 'uid', network: 'none', path: process.env.PATH ?? '' });
      const isolation = await setup.make();
      const room = mkdtempSync(join(tmpdir(), 'truss-clean-room-git-'));
      const git = (...args: string[]) => execFileSync('git', args, { cwd: room, encoding: 'utf8' });
      git('init', '-q', '-b', 'main');
      writeFileSync(join(room, 'a.txt'), 'a\n');
      git('add', '.');
      git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'init');
      // A process first, so that uid's held namespace exists before the copy is added.
      await sandboxed(isolation, tmpdir(), 'true');
      await isolation.addWorkdir(room);
      const attempt = await sandboxed(
        isolation,
        room,
        [
          'git -c user.email=a@b -c user.name=a commit -q --allow-empty -m sandbox && echo committed',
          'git config filter.pwn.clean "touch pwned" 2>/dev/null && echo "wrote config"',
          'printf \'#!/bin/sh\\n\' > .git/hooks/post-checkout 2>/dev/null && echo "wrote hook"',
          'printf \'* filter=pwn\\n\' > .git/info/attributes 2>/dev/null && echo "wrote attributes"',
          'mv .git .git-old 2>/dev/null && echo "moved .git"',
          'echo /elsewhere > .git/commondir && echo "planted commondir"',
        ].join('\n'),
      );
      expect(attempt.stdout.bytes.toString(), attempt.stderr.bytes.toString()).toBe(
        'committed\nplanted commondir\n',
      );
      expect(git('log', '--format=%s')).toBe('sandbox\ninit\n');
      expect(git('config', '--local', '--list')).not.toContain('pwn');
      expect(readdirSync(join(room, '.git'))).not.toContain('commondir');
      await isolation.removeWorkdir?.(room);
    }, 30_000);
  }
});

describe('egress with network = "none"', () => {
  /** The default gateway: an address off loopback that answers (or refuses) without internet access. */
  function gateway(): string | null {
    try {
      const route = execFileSync('ip', ['route', 'show', 'default'], { encoding: 'utf8' });
      return /default via (\d+\.\d+\.\d+\.\d+)/.exec(route)?.[1] ?? null;
    } catch {
      return null;
    }
  }

  const connect = async (
    isolation: Awaited<ReturnType<typeof createIsolation>> | undefined,
    host: string,
  ) => {
    const outcome = await runSupervised({
      file: '/bin/bash',
      args: ['-c', `timeout 5 bash -c 'exec 3<>/dev/tcp/${host}/9' 2>&1; echo "rc=$?"`],
      // Not the temp dir: bwrap puts a fresh /tmp in the sandbox, where the suite's TMPDIR is absent.
      cwd: '/',
      env: { PATH: process.env.PATH ?? '' },
      stdin: null,
      timeoutMs: 15_000,
      signal: new AbortController().signal,
      isolation,
    });
    return outcome.stdout.bytes.toString();
  };

  it('is a real block under uid and bwrap (a network namespace where one can be made), recorded as enforced', async () => {
    const host = gateway();
    if (host === null) {
      console.warn('SKIPPED egress test: this machine has no default route to test against');
      return;
    }
    const open = await connect(undefined, host);
    expect(open).not.toMatch(/No route to host|Network is unreachable/);
    for (const [level, blocked] of [
      ['uid', /No route to host|Network is unreachable/],
      ['bwrap', /Network is unreachable/],
    ] as const) {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} egress test: ${unavailable}`);
        continue;
      }
      const offline = await createIsolation({ ...base, mode: level, path: process.env.PATH ?? '' });
      expect(offline.report.network_enforced).toBe(true);
      expect(await connect(offline, host)).toMatch(blocked);
      // The same mechanism with network = "open" reaches what the harness reaches.
      const online = await createIsolation({
        ...base,
        mode: level,
        network: 'open',
        path: process.env.PATH ?? '',
      });
      expect(online.report.network_enforced).toBe(false);
      expect(await connect(online, host)).not.toMatch(/No route to host|Network is unreachable/);
    }
  }, 60_000);
});

describe('uid: granting a working copy to the sandbox user', () => {
  it('leaves a key file inside it private (a later run that does not hide it cannot read it) and follows no symlink', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable) {
      console.warn(`SKIPPED uid grant test: ${unavailable}`);
      return;
    }
    const tree = mkdtempSync(join(tmpdir(), 'truss-grant-'));
    const key = join(tree, 'signing[1].key');
    writeFileSync(key, 'seed-that-must-stay-private\n', { mode: 0o600 });
    const outside = mkdtempSync(join(tmpdir(), 'truss-grant-outside-'));
    const target = join(outside, 'victim.txt');
    writeFileSync(target, 'not the sandbox user’s\n', { mode: 0o600 });
    symlinkSync(target, join(tree, 'link-to-victim'));
    const before = statSync(key);
    await createIsolation({
      ...base,
      mode: 'uid',
      network: 'open',
      hiddenPaths: [key],
      workdirs: [tree],
      path: process.env.PATH ?? '',
    });
    const after = statSync(key);
    expect({ mode: after.mode, gid: after.gid }).toEqual({ mode: before.mode, gid: before.gid });
    expect(statSync(target).mode & 0o777).toBe(0o600);

    // A second run on the same tree with another key: its sandbox does not hide the first key.
    const later = await createIsolation({
      ...base,
      mode: 'uid',
      network: 'open',
      hiddenPaths: [],
      workdirs: [tree],
      path: process.env.PATH ?? '',
    });
    const read = await runSupervised({
      file: '/bin/sh',
      args: ['-c', 'cat "signing[1].key" link-to-victim; echo "exit=$?"'],
      cwd: tree,
      env: { PATH: process.env.PATH ?? '' },
      stdin: null,
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      isolation: later,
    });
    const output = `${read.stdout.tail}${read.stderr.tail}`;
    expect(output).not.toContain('seed-that-must-stay-private');
    expect(output).not.toContain('sandbox user');
    expect(output).toContain("cat: 'signing[1].key': Permission denied");
    // The victim lies in the shared temp directory, which the sandbox does not see at all.
    expect(output).toMatch(/cat: link-to-victim: (Permission denied|No such file or directory)/);
    expect(output).toContain('exit=1');
  }, 30_000);
});

describe("the sandbox's scratch HOME and TMPDIR", () => {
  it('uid: removed after the process, without following the links the process left in them', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable) {
      console.warn(`SKIPPED uid scratch removal test: ${unavailable}`);
      return;
    }
    const scratchRoot = mkdtempSync(join(tmpdir(), 'truss-scratch-root-'));
    chmodSync(scratchRoot, 0o755);
    const outside = mkdtempSync(join(tmpdir(), 'truss-scratch-outside-'));
    writeFileSync(join(outside, 'keep.txt'), 'still here');
    const isolation = await createIsolation({
      ...base,
      scratchRoot,
      mode: 'uid',
      network: 'open',
      path: process.env.PATH ?? '',
    });
    const outcome = await runSupervised({
      file: '/bin/sh',
      args: [
        '-c',
        `mkdir -p "$HOME/deep/er" "$TMPDIR/t" && echo x > "$HOME/deep/er/f" && ln -s ${outside} "$HOME/link" && ln -s ${outside}/keep.txt "$TMPDIR/t/file-link" && echo "$HOME"`,
      ],
      cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? '' },
      stdin: null,
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      isolation,
    });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout.bytes.toString()).toContain(scratchRoot);
    // In this harness's own directory, removed in the background once the process has ended.
    const home = outcome.stdout.bytes.toString().trim();
    expect(home).toMatch(/\/truss-harness-[^/]+\/truss-sbx-[^/]+\/s\/home$/);
    await expect
      .poll(
        () =>
          readdirSync(scratchRoot, { recursive: true }).filter((name) =>
            /truss-sbx-(?!ns-)[^/]*$/.test(String(name)),
          ),
        { timeout: 10_000 },
      )
      .toEqual([]);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('still here');
  }, 30_000);
});

describe('hidden paths stay hidden from the working directory, by relative path too', () => {
  /**
   * A workdir inside the harness HOME (a runner's workspace), holding a world-readable key file and
   * a hidden ledger directory, with a world-readable secret beside it in HOME. The check reads them
   * by absolute path and by paths relative to its working directory (`key.txt`, `../secret.txt`),
   * and asks getcwd() where it is. Before the fix, the uid sandbox entered the working directory
   * from outside its mount namespace, so the relative reads went past every hiding mount.
   */
  function layout() {
    const home = mkdtempSync(join(tmpdir(), 'truss-rel-home-'));
    chmodSync(home, 0o711); // traversable, not listable: getcwd() must not need to read it
    writeFileSync(join(home, 'secret.txt'), 'HOME-SECRET-REL', { mode: 0o644 });
    const work = join(home, 'work');
    mkdirSync(join(work, '.truss'), { recursive: true });
    writeFileSync(join(work, 'key.txt'), 'KEY-SECRET-REL', { mode: 0o644 });
    writeFileSync(join(work, '.truss', 'ledger.txt'), 'LEDGER-SECRET-REL', { mode: 0o644 });
    const script = [
      'cat key.txt ./key.txt .truss/ledger.txt ../secret.txt ../work/key.txt',
      `cat ${join(work, 'key.txt')} ${join(home, 'secret.txt')}`,
      'echo "cwd=$(/bin/pwd)"',
    ].join('; ');
    return { home, work, script, hidden: [join(work, 'key.txt'), join(work, '.truss')] };
  }

  const run = (isolation: Isolation, work: string, script: string) =>
    sandboxed(isolation, work, `${script} 2>/dev/null; true`);

  const expectHidden = (out: string, work: string) => {
    for (const secret of ['HOME-SECRET-REL', 'KEY-SECRET-REL', 'LEDGER-SECRET-REL']) {
      expect(out, secret).not.toContain(secret);
    }
    expect(out).toContain(`cwd=${work}`);
  };

  for (const level of ['uid', 'bwrap'] as const) {
    it(`${level}: nothing hidden is read, and the working directory is named by getcwd()`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} relative-path test: ${unavailable}`);
        return;
      }
      const { home, work, script, hidden } = layout();
      const isolation = await createIsolation({
        ...base,
        mode: level,
        network: 'open',
        hiddenPaths: hidden,
        workdirs: [work],
        hostHome: home,
        path: process.env.PATH ?? '',
      });
      const outcome = await run(isolation, work, script);
      expectHidden(outcome.stdout.bytes.toString(), work);
    }, 30_000);
  }

  it('uid with its mounts made per process (a network namespace): the same', async () => {
    const unavailable = await mechanismAvailable('uid');
    const account = localAccount(SANDBOX_OFFLINE_USER);
    if (unavailable || process.getuid?.() !== 0 || account === null) {
      console.warn(
        `SKIPPED uid per-process relative-path test: ${unavailable ?? 'not root or no sandbox user'}`,
      );
      return;
    }
    const { home, work, script, hidden } = layout();
    // createIsolation grants the workdir; made directly here, the sandbox group needs it too.
    execFileSync('chgrp', ['-R', String(account.gid), work]);
    const isolation = perProcessUid(account, {
      hiddenPaths: hidden,
      coverPaths: [{ dir: home, keep: [work] }],
    });
    const outcome = await run(isolation, work, script);
    expectHidden(outcome.stdout.bytes.toString(), work);
  }, 30_000);
});
