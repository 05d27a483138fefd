import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harnessProgramEnv } from '../../src/core/process/index.js';
import { findProgram, trustedSearchPath } from '../../src/core/process/trusted-path.js';
import { runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';
import { makeWorkRepo, mechanismAvailable } from './isolation-kit.js';

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});

function dir(parent: string, name: string, mode = 0o755): string {
  const path = join(parent, name);
  mkdirSync(path, { recursive: true });
  chmodSync(path, mode);
  return path;
}

describe('the search path the harness runs its own programs from', () => {
  it('keeps only absolute, existing directories outside the working copies that nobody else can write', () => {
    const root = tempDir('trusted-path');
    dirs.push(root);
    const uid = process.getuid?.() ?? 0;
    const work = dir(root.dir, 'work');
    const good = dir(root.dir, 'good');
    const groupWritable = dir(root.dir, 'group-writable', 0o775);
    const worldWritable = dir(root.dir, 'world-writable', 0o777);
    const underOpen = dir(dir(root.dir, 'open-parent', 0o777), 'bin');
    const inWork = dir(work, 'node_modules/.bin');
    const linkIntoWork = join(root.dir, 'link-into-work');
    symlinkSync(inWork, linkIntoWork);
    const others = dir(root.dir, 'others');
    if (uid === 0) chownSync(others, 65534, 65534);
    const path = [
      inWork,
      'node_modules/.bin',
      '',
      good,
      groupWritable,
      worldWritable,
      underOpen,
      linkIntoWork,
      join(root.dir, 'missing'),
      others,
      good,
    ].join(delimiter);
    const trusted = trustedSearchPath(path, { untrusted: [work], uid });
    // The temp root sits in /tmp (sticky, writable by all): fine above an entry.
    expect(trusted.split(delimiter)).toEqual(uid === 0 ? [good] : [good, others]);
  });

  it('an entry that is itself sticky and world-writable (/tmp) is dropped; the system directories stay', () => {
    const trusted = trustedSearchPath(`/tmp${delimiter}/usr/bin${delimiter}/bin`, { untrusted: [], uid: 0 });
    expect(trusted.split(delimiter)).toEqual([...new Set([realpathSync('/usr/bin'), realpathSync('/bin')])]);
  });

  it('an entry reached through a link is kept as its real path, so re-pointing the link later changes nothing', () => {
    const root = tempDir('trusted-link');
    dirs.push(root);
    const work = dir(root.dir, 'repo');
    // The repository opened through a link, and a check's node_modules/.bin pointing at /usr/bin.
    const opened = join(root.dir, 'repo-link');
    symlinkSync(work, opened);
    mkdirSync(join(work, 'node_modules'));
    symlinkSync('/usr/bin', join(work, 'node_modules/.bin'));
    const entry = join(opened, 'node_modules/.bin');
    const trusted = trustedSearchPath(entry, { untrusted: [work], uid: 0 });
    expect(trusted).toBe(realpathSync('/usr/bin'));
    expect(findProgram('git', trusted)).toBe(join(realpathSync('/usr/bin'), 'git'));
  });

  it('a directory of the search path made after the scan is not trusted later in the process (the scan is kept)', () => {
    const root = tempDir('trusted-later');
    dirs.push(root);
    const work = dir(root.dir, 'work');
    // ~/.local/bin on a runner: in PATH, missing until something makes it. Under `none` a check
    // runs as the harness user, so what it makes is the harness user's, as a trusted directory is.
    const later = join(root.dir, 'home/.local/bin');
    const path = `${later}${delimiter}/usr/bin`;
    const uid = process.getuid?.() ?? 0;
    expect(trustedSearchPath(path, { untrusted: [work], uid })).toBe(realpathSync('/usr/bin'));
    dir(root.dir, 'home/.local/bin');
    writeFileSync(join(later, 'git'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const again = trustedSearchPath(path, { untrusted: [work], uid });
    expect(again).toBe(realpathSync('/usr/bin'));
    expect(findProgram('git', again)).toBe(join(realpathSync('/usr/bin'), 'git'));
  });

  it('harnessProgramEnv drops the repository’s own node_modules/.bin, found from a subdirectory too', () => {
    const repo = makeWorkRepo();
    const bin = dir(repo, 'node_modules/.bin');
    writeFileSync(join(bin, 'git'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const sub = dir(repo, 'src/deep');
    const env = harnessProgramEnv({ PATH: `${bin}${delimiter}/usr/bin`, HOME: '/nowhere' }, sub);
    expect(env.PATH).toBe('/usr/bin');
    expect(env.HOME).toBe('/nowhere');
    expect(findProgram('git', env.PATH)).toBe('/usr/bin/git');
  });
});

describe('a check cannot plant a program the harness runs (npm run / npx put node_modules/.bin first in PATH)', () => {
  it('uid: fakes of every sandbox tool and of git in the working copy’s node_modules/.bin never run outside the sandbox user', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable) return void console.warn(`SKIPPED planted-tools test: ${unavailable}`);
    const work = makeWorkRepo();
    const bin = join(work, 'node_modules/.bin');
    const tools = [
      'nsenter',
      'unshare',
      'setpriv',
      'mount',
      'umount',
      'chown',
      'ip',
      'env',
      'sudo',
      'git',
      'rm',
    ];
    // Each fake notes who ran it, then runs the real program so nothing else changes.
    const plant = [
      `mkdir -p ${bin}`,
      ...tools.map(
        (tool) =>
          `printf '#!/bin/sh\\necho "$(id -u) $0" >> ${work}/.planted-ran-${tool} 2>/dev/null\\nexec /usr/bin/${tool} "$@" 2>/dev/null || exec /usr/sbin/${tool} "$@" || exec /bin/${tool} "$@"\\n' > ${bin}/${tool} && chmod 755 ${bin}/${tool}`,
      ),
      'echo planted',
    ].join(' && ');
    writeFileSync(
      join(work, '.truss/contracts/plant.toml'),
      contractToml({ id: 'plant', intent: 'plant programs the harness might run' }, [
        { kind: 'check', desc: 'plants fakes', run: plant },
        { kind: 'check', desc: 'runs after them', run: 'echo second' },
      ]),
    );
    // Twice: the second run starts with the fakes already there, as the user's next `npm run` would.
    for (let round = 0; round < 2; round++) {
      const result = runCli(['run', '.truss/contracts/plant.toml', '--isolation', 'uid', '--json'], {
        cwd: work,
        env: { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).verdict).toBe('pass');
    }
    const ran = readdirSync(work).filter((name) => name.startsWith('.planted-ran-'));
    // A fake may only ever run as the sandbox user (the checks' own PATH still has it): never root,
    // never the harness.
    const harnessUid = String(process.getuid?.() ?? 0);
    for (const name of ran) {
      const lines = readFileSync(join(work, name), 'utf8').trim().split('\n');
      for (const line of lines) expect(line.split(' ')[0], `${name}: ${line}`).not.toBe(harnessUid);
    }
    expect(existsSync(bin)).toBe(true);
  }, 60_000);
});
