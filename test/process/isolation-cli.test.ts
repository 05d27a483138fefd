import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import { streamTail, tailsFromBundle } from '../../src/core/ledger/output-tails.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
import { writeKeyFile } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';
import {
  attackScript,
  LOOT_FILE,
  leaked,
  lootIn,
  makeWorkRepo,
  mechanismAvailable,
  secret,
  survivors,
} from './isolation-kit.js';

/**
 * The isolation layer through the real CLI (docs/security.md): a check, an agent's bash command and
 * a delegated CLI try every known way to the harness's secrets; under uid and bwrap none succeeds,
 * nothing outlives its deadline, and the signed bundle holds no secret in any encoding.
 */

const FAKE_AGENT = join(REPO_ROOT, 'test/fixtures/fake-agent-cli/fake-agent.mjs');

interface Harness {
  home: string;
  harnessDir: string;
  keyFile: string;
  workdir: string;
  secrets: Record<string, string>;
  env: Record<string, string>;
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function harness(): Harness {
  const home = tempDir('iso-home').dir;
  const harnessDir = tempDir('iso-harness').dir;
  const seed = SigningKey.generate().seedBase64;
  const keyFile = join(harnessDir, 'signing.key');
  writeKeyFile(keyFile, seed);
  mkdirSync(join(home, '.config/truss'), { recursive: true, mode: 0o700 });
  const reviewKey = secret('REVIEWKEYFILE');
  writeKeyFile(join(home, '.config/truss/review.key'), reviewKey);
  const secrets: Record<string, string> = {
    keyFile: seed,
    reviewKeyFile: reviewKey,
    TRUSS_SIGNING_KEY: SigningKey.generate().seedBase64,
    TRUSS_REVIEW_SIGNING_KEY: secret('TRUSSREVIEW'),
    'INPUT_SIGNING-KEY': secret('INPUTSIGNING'),
    'INPUT_GITHUB-TOKEN': secret('ghs'),
    'INPUT_ANTHROPIC-API-KEY': secret('sk-ant'),
    ACTIONS_RUNTIME_TOKEN: secret('ACTIONSRUNTIME'),
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: secret('ACTIONSID'),
    GITHUB_TOKEN: secret('ghp'),
    ANTHROPIC_API_KEY: secret('sk-ant-api'),
  };
  // A file only the harness may read, which the CLI inherits an open descriptor to (fd 40).
  secrets.inheritedFd = secret('INHERITEDFD');
  writeKeyFile(join(harnessDir, 'inherited.secret'), secrets.inheritedFd);
  const env: Record<string, string> = { HOME: home };
  for (const [name, value] of Object.entries(secrets)) if (/^[A-Z]/.test(name)) env[name] = value;
  return { home, harnessDir, keyFile, workdir: makeWorkRepo(), secrets, env };
}

function attack(h: Harness, marker: string, kill = true): string {
  return attackScript({
    files: [h.keyFile, `${h.home}/.config/truss/review.key`, `${h.home}/.config/truss/signing.key`],
    marker,
    destructive: kill,
    // Unisolated (kill = false is the `none` demonstration), reading other processes' fds would
    // read the test runner's own IPC pipes.
    fds: kill,
  });
}

function checkContract(h: Harness, script: string, timeoutSec: number): string {
  const path = join(h.workdir, '.truss/contracts/attack.toml');
  writeFileSync(
    path,
    contractToml(
      { id: 'attack', intent: "a check that tries to steal the harness's keys" },
      { kind: 'check', desc: 'adversarial check', run: script, timeout_sec: timeoutSec },
    ),
  );
  return path;
}

function runAttack(h: Harness, contract: string, isolation: string) {
  const bundle = join(h.harnessDir, 'bundle.json');
  const inherited = openSync(join(h.harnessDir, 'inherited.secret'), 'r');
  const result = runCli(
    [
      'run',
      contract,
      '--workdir',
      h.workdir,
      '--key',
      h.keyFile,
      '--bundle',
      bundle,
      '--isolation',
      isolation,
      '--json',
    ],
    { env: h.env, inheritFd: { fd: inherited, as: 40 } },
  );
  closeSync(inherited);
  let bundleText = '';
  try {
    bundleText = readFileSync(bundle, 'utf8');
  } catch {}
  return { ...result, bundleText, bundle };
}

const MARK_BASE = () => `42${Math.floor(Math.random() * 1e6)}.`;

for (const level of ['uid', 'bwrap'] as const) {
  const unavailable = await mechanismAvailable(level);
  if (unavailable) console.warn(`skipping isolation-cli ${level} tests: ${unavailable}`);
  describe.skipIf(unavailable !== null)(
    `truss run --isolation ${level}${unavailable ? ` (SKIPPED: ${unavailable})` : ''}`,
    () => {
      it("a check cannot change what git runs — for this run's harness, the next run's, or the user — and can still commit", () => {
        const h = harness();
        const pwned = join(h.workdir, '.pwned');
        // Every way to make a later git run a command: the repo's config (a clean filter the next
        // `git status` runs on the changed README, an fsmonitor), info/attributes, a hook, a
        // replaced .git, and a commondir pointing at a repository the check wrote.
        const script = String.raw`W="$PWD/.pwn.sh"
printf '#!/bin/sh\necho "$(id -u) $*" >> "%s"\ncat\n' "${pwned}" > "$W"; chmod 755 "$W"
git -c user.email=a@b -c user.name=a commit -q --allow-empty -m "sandbox commit" && echo committed
git config filter.pwn.clean "$W clean" 2>/dev/null && echo "wrote config"
git config core.fsmonitor "$W fsmonitor" 2>/dev/null && echo "wrote fsmonitor"
printf '* filter=pwn\n' > .git/info/attributes 2>/dev/null && echo "wrote attributes"
printf '#!/bin/sh\n"%s" hook\n' "$W" > .git/hooks/post-checkout 2>/dev/null && echo "wrote hook"
printf '* filter=pwn\n' > .gitattributes
E="$PWD/.evil"; git clone -q --bare . "$E" && git --git-dir="$E" config filter.pwn.clean "$W clean" && git --git-dir="$E" config core.bare false
mkdir -p "$E/info" && printf '* filter=pwn\n' > "$E/info/attributes"; chmod -R a+rwX "$E"
echo "$E" > .git/commondir && echo "planted commondir"
cp -a .git .git-new 2>/dev/null; git --git-dir=.git-new config filter.pwn.clean "$W clean"
mv .git .git-old 2>/dev/null && mv .git-new .git && echo "replaced .git"
echo "WORK" > README.md`;
        const head = (dir: string) =>
          execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
        const before = head(h.workdir);
        const first = runAttack(h, checkContract(h, `(${script}) 2>&1; true`, 20), level);
        expect(first.code, first.stderr).toBe(0);
        const bundle = JSON.parse(first.bundleText);
        const tail = streamTail(bundle.evidence.checks[0].stdout, tailsFromBundle(bundle.blobs, sha256Hex));
        expect(tail).toContain('committed');
        expect(tail).toContain('planted commondir');
        for (const wrote of [
          'wrote config',
          'wrote fsmonitor',
          'wrote attributes',
          'wrote hook',
          'replaced .git',
        ])
          expect(tail, tail).not.toContain(wrote);
        // The commit landed; the planted commondir is gone, so the user's git reads the real .git.
        expect(head(h.workdir)).not.toBe(before);
        expect(existsSync(join(h.workdir, '.git/commondir'))).toBe(false);
        // The next run's harness git (git status on the changed README) and the user's own.
        const second = runAttack(h, checkContract(h, 'true', 20), level);
        expect(second.code, second.stderr).toBe(0);
        execFileSync('git', ['status', '--porcelain'], { cwd: h.workdir });
        execFileSync('git', ['diff'], { cwd: h.workdir });
        expect(existsSync(pwned) ? readFileSync(pwned, 'utf8') : '').toBe('');
      }, 90_000);

      it.skipIf(level !== 'uid')(
        'uid: a check in a working copy that is no repository cannot plant one whose config the next run runs',
        () => {
          const h = harness();
          const plain = tempDir('iso-plain').dir;
          mkdirSync(join(plain, '.truss/contracts'), { recursive: true });
          writeFileSync(join(plain, 'README.md'), 'hello world\n');
          h.workdir = plain;
          const pwned = join(plain, '.pwned');
          const script = String.raw`W="$PWD/.pwn.sh"
printf '#!/bin/sh\necho "$(id -u) $*" >> "%s"\ncat\n' "${pwned}" > "$W"; chmod 755 "$W"
git init -q . && git add README.md && git -c user.email=a@b -c user.name=a commit -qm x && echo "made a repository"
git config filter.pwn.clean "$W clean" && printf 'README.md filter=pwn\n' > .git/info/attributes
echo "HELLO WORLD" > README.md`;
          const first = runAttack(h, checkContract(h, `(${script}) 2>&1; true`, 20), level);
          expect(first.code, first.stderr).toBe(0);
          // The check really made one (and changed a file its filter would have to clean).
          expect(existsSync(join(plain, '.git/config'))).toBe(true);
          // The next run's git facts meet a .git the sandbox user owns: git's ownership check refuses it.
          const second = runAttack(h, checkContract(h, 'true', 20), level);
          expect(second.code, second.stderr).toBe(0);
          expect(existsSync(join(plain, '.git'))).toBe(true);
          expect(existsSync(pwned) ? readFileSync(pwned, 'utf8') : '').toBe('');
        },
        90_000,
      );

      it('a check that reads /proc, key files and env, kills its parent, writes the ledger and escapes with setsid gets nothing and dies at its deadline', () => {
        const h = harness();
        const marker = MARK_BASE();
        const contract = checkContract(h, attack(h, marker), 3);
        const started = Date.now();
        const run = runAttack(h, contract, level);
        expect(run.stderr, run.stderr).toContain(`checks isolated: ${level}`);
        // The harness survived (it wrote a verdict) and the check hit its deadline.
        expect(run.code, run.stderr).toBe(1);
        const outcome = JSON.parse(run.stdout);
        expect(outcome.isolation).toMatchObject({ level, requested: level });
        expect(outcome.clauses[0].reason).toMatch(/timed out/);
        expect(Date.now() - started).toBeLessThan(45_000);
        expect(survivors(marker)).toEqual([]);
        // The attack's own drop file (untouched by the harness's secret scan) proves it got nothing.
        expect(existsSync(join(h.workdir, LOOT_FILE))).toBe(true);
        expect(leaked(h.secrets, [run.stdout, run.stderr, run.bundleText, lootIn(h.workdir)])).toEqual([]);
        // kill -9 $PPID only reaches the namespace's init, which ignores it: the harness finished.
        const bundle = JSON.parse(run.bundleText);
        const tail = streamTail(bundle.evidence.checks[0].stdout, tailsFromBundle(bundle.blobs, sha256Hex));
        expect(tail).toContain('attacker uid');
        expect(tail.includes('wrote ledger')).toBe(false);
        // The ledger the check tried to overwrite still verifies.
        const verify = runCli(['verify', run.bundle, '--json']);
        expect(['verified', 'integrity_only']).toContain(JSON.parse(verify.stdout).status);
        const show = runCli([
          'ledger',
          'show',
          outcome.session_id,
          '--db',
          join(h.workdir, '.truss/ledger.db'),
        ]);
        expect(show.code, show.stderr).toBe(0);
      }, 90_000);

      it("an in-loop agent's bash command makes the same attempts and gets nothing", () => {
        const h = harness();
        const marker = MARK_BASE();
        const script = join(h.workdir, '.git', 'agent.json');
        writeFileSync(
          script,
          JSON.stringify({
            responses: [
              {
                content: [
                  { type: 'text', text: 'Let me look around.' },
                  {
                    type: 'tool_use',
                    name: 'bash',
                    input: { command: attack(h, marker), timeout_sec: 3 },
                  },
                ],
              },
              { content: [{ type: 'text', text: 'done' }] },
            ],
          }),
        );
        const contract = join(h.workdir, '.truss/contracts/agent.toml');
        writeFileSync(
          contract,
          contractToml(
            { id: 'agent-attack', intent: "an agent that tries to steal the harness's keys" },
            TRUE_CHECK,
            {
              executor: { kind: 'in-loop' },
              constraints: { allow_tools: ['bash'] },
              provider: { kind: 'scripted', script },
            },
          ),
        );
        const run = runAttack(h, contract, level);
        expect(run.stderr, run.stderr).toContain(`checks isolated: ${level}`);
        expect(run.code, run.stderr).toBe(0);
        expect(survivors(marker)).toEqual([]);
        expect(run.bundleText.includes('attacker uid')).toBe(true);
        // Under uid the work runs as the sandbox user, never as the harness's (root here).
        if (level === 'uid')
          expect(/attacker uid (\d+)/.exec(run.bundleText)?.[1]).not.toBe(String(process.getuid?.()));
        // The attack's own drop file (untouched by the harness's secret scan) proves it got nothing.
        expect(existsSync(join(h.workdir, LOOT_FILE))).toBe(true);
        expect(leaked(h.secrets, [run.stdout, run.stderr, run.bundleText, lootIn(h.workdir)])).toEqual([]);
      }, 90_000);

      it('a delegated CLI that dumps its environment and its parent’s sees only the allowlist', () => {
        const h = harness();
        // The CLI must be visible inside the sandbox: bwrap gives it a fresh /tmp, so a checkout of
        // this repository under /tmp would hide test/fixtures. Vendor CLIs live in /usr or the work tree.
        const agent = join(h.workdir, '.git', 'fake-agent.mjs');
        copyFileSync(FAKE_AGENT, agent);
        const contract = join(h.workdir, '.truss/contracts/delegated.toml');
        writeFileSync(
          contract,
          contractToml({ id: 'delegated-attack', intent: 'dump everything' }, TRUE_CHECK, {
            executor: {
              kind: 'delegated-cli',
              command: process.execPath,
              args: [
                agent,
                '--dump-env',
                '--loot',
                `--read=${h.keyFile}`,
                `--read=${h.home}/.config/truss/review.key`,
                '--print-env',
              ],
              timeout_sec: 20,
            },
          }),
        );
        const run = runAttack(h, contract, level);
        expect(run.code, run.stderr).toBe(0);
        const names = JSON.parse(
          /ENV (\[.*\])/.exec(run.bundleText.replaceAll('\\"', '"'))?.[1] ?? '[]',
        ) as string[];
        expect(names.length).toBeGreaterThan(0);
        expect(names.filter((n) => /^(INPUT_|ACTIONS_|GITHUB_TOKEN|TRUSS_.*KEY)/.test(n))).toEqual([]);
        // The attack's own drop file (untouched by the harness's secret scan) proves it got nothing.
        expect(existsSync(join(h.workdir, LOOT_FILE))).toBe(true);
        expect(leaked(h.secrets, [run.stdout, run.stderr, run.bundleText, lootIn(h.workdir)])).toEqual([]);
      }, 90_000);
    },
  );
}

describe('truss run --isolation none', () => {
  it('says so on the CLI and in the signed run_started, and a check can then read the harness env (why isolation matters)', () => {
    const h = harness();
    const contract = checkContract(h, attack(h, MARK_BASE(), false), 3);
    const run = runAttack(h, contract, 'none');
    expect(run.code, run.stderr).toBe(1); // the check runs into its deadline
    expect(run.stderr).toContain('checks isolated: none');
    const outcome = JSON.parse(run.stdout);
    expect(outcome.isolation).toMatchObject({ level: 'none', requested: 'none', network_enforced: false });
    // The same leak detector the isolated tests rely on finds the harness's secrets in the attack's drop…
    expect(leaked(h.secrets, [lootIn(h.workdir)])).toContain('TRUSS_SIGNING_KEY');
    // …while the secret scan still keeps the run's own key (raw, base64, hex, reversed) out of the bundle.
    expect(leaked({ TRUSS_SIGNING_KEY: h.secrets.TRUSS_SIGNING_KEY as string }, [run.bundleText])).toEqual(
      [],
    );
  }, 60_000);

  it('a contract that grants a forbidden variable is refused before anything runs', () => {
    const h = harness();
    const contract = join(h.workdir, '.truss/contracts/grant.toml');
    writeFileSync(
      contract,
      `[contract]
id = "grant"
intent = "x"

[[done]]
kind = "check"
desc = "x"
run = "true"
env = ["GITHUB_TOKEN"]
`,
    );
    const run = runAttack(h, contract, 'none');
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/grant\.toml:\d+:\d+.*GITHUB_TOKEN is never passed/);
  }, 60_000);
});
