/**
 * A flag whose value is one of a fixed set (--provider, --isolation, --kind) is checked when the
 * command line is read, on every command that takes it: a value that names no choice is a usage
 * error (exit 64) that lists the choices and guesses the one meant, before any file is read or
 * anything is created. Before, `truss run --provider antropic` exited 3 (the code of a bad contract)
 * while `--isolation bwarp` exited 64, and a bad value after a missing file or database was never
 * reported as the mistyped flag it was. The same value written in a contract file stays a contract
 * error (3) at file:line:col. Every line runs the built CLI in a child process, as a user's shell does.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { tempDir } from '../helpers/temp-dir.js';

const PROVIDERS = 'anthropic, openai-compatible, github-models, scripted';
const MODES = 'auto, uid, bwrap, none';

/** Each command that takes a choice flag, called so that only the flag is wrong or the flag comes first. */
const CASES: Array<{ args: string[]; flag: string; choices: string; meant: string; help: string }> = [
  {
    args: ['run', 'missing.toml', '--provider', 'antropic'],
    flag: '--provider',
    choices: PROVIDERS,
    meant: 'anthropic',
    help: 'run',
  },
  {
    args: ['run', 'missing.toml', '--isolation', 'bwarp'],
    flag: '--isolation',
    choices: MODES,
    meant: 'bwrap',
    help: 'run',
  },
  {
    args: ['resume', 'no-such-session', '--isolation', 'nnoe'],
    flag: '--isolation',
    choices: MODES,
    meant: 'none',
    help: 'resume',
  },
  {
    args: ['eval', 'missing.toml', '--arms', 'x', '--isolation', 'autp'],
    flag: '--isolation',
    choices: MODES,
    meant: 'auto',
    help: 'eval',
  },
  {
    args: ['bench-verdicts', 'missing.jsonl', '--provider', 'scriptd'],
    flag: '--provider',
    choices: PROVIDERS,
    meant: 'scripted',
    help: 'bench-verdicts',
  },
  {
    args: ['bench-verdicts', 'missing.jsonl', '--isolation', 'bwarp'],
    flag: '--isolation',
    choices: MODES,
    meant: 'bwrap',
    help: 'bench-verdicts',
  },
  {
    args: ['mcp', 'probe', 'no-such-server', '--isolation', 'ui'],
    flag: '--isolation',
    choices: MODES,
    meant: 'uid',
    help: 'mcp',
  },
  {
    args: ['mcp', 'serve', '--isolation', 'bwarp'],
    flag: '--isolation',
    choices: MODES,
    meant: 'bwrap',
    help: 'mcp',
  },
  {
    args: [
      'memory',
      'promote',
      'no-such-entry',
      '--maintainer',
      '--reason',
      'r',
      '--provider',
      'openai-compatibel',
    ],
    flag: '--provider',
    choices: PROVIDERS,
    meant: 'openai-compatible',
    help: 'memory',
  },
  {
    args: ['memory', 'promote', 'no-such-entry', '--eval', 'missing.toml', '--isolation', 'bwarp'],
    flag: '--isolation',
    choices: MODES,
    meant: 'bwrap',
    help: 'memory',
  },
  {
    args: [
      'memory',
      'promote',
      'no-such-entry',
      '--eval',
      'e.toml',
      '--ledger-branch',
      'b',
      '--repo',
      'o/r',
      '--isolation',
      'bwarp',
    ],
    flag: '--isolation',
    choices: MODES,
    meant: 'bwrap',
    help: 'memory',
  },
  {
    args: ['memory', 'list', '--kind', 'factt'],
    flag: '--kind',
    choices: 'goal, decision, fact, lesson, artifact, scratch, playbook, context_summary',
    meant: 'fact',
    help: 'memory',
  },
];

describe('a choice flag with a value that names no choice is a usage error', () => {
  it.each(CASES)('truss $args → 64, did you mean $meant', ({ args, flag, choices, meant, help }) => {
    const home = tempDir('choice');
    const result = runCli(args, { cwd: home.dir, env: { HOME: home.dir } });
    expect(result.code, result.stderr).toBe(64);
    const value = args[args.indexOf(flag) + 1] as string;
    expect(result.stderr).toContain(
      `${flag} must be one of ${choices} (got "${value}") (did you mean "${meant}"?)`,
    );
    expect(result.stderr).toContain(`Run \`truss ${help} --help\` for usage.`);
    // Read before anything else: no signing key made for this machine, no ledger database.
    expect(existsSync(join(home.dir, '.config'))).toBe(false);
    expect(existsSync(join(home.dir, '.truss'))).toBe(false);
    home.cleanup();
  });

  it('a value close to nothing lists the choices without a guess; a choice in another case is accepted', () => {
    const cli = cliHome('choice-case');
    const contract = cli.write(
      'quick.toml',
      contractToml({ id: 'quick', intent: 'passes' }, { kind: 'check', desc: 'ok', run: 'true' }),
    );
    const far = runCli(['run', contract, ...cli.runFlags, '--provider', 'zzzzzzzzzz'], { env: cli.env });
    expect(far.code, far.stderr).toBe(64);
    expect(far.stderr).toContain(`--provider must be one of ${PROVIDERS} (got "zzzzzzzzzz")\n`);
    expect(far.stderr).not.toContain('did you mean');
    const upper = runCli(
      ['run', contract, ...cli.runFlags, '--isolation', 'NONE', '--verify-only', '--provider', 'Scripted'],
      {
        env: cli.env,
      },
    );
    expect(upper.code, upper.stderr).toBe(0);
    expect(upper.stderr).toContain('checks isolated: none');
  });

  it('memory propose: a KIND that names no kind guesses the one meant; a --salience that is no number from 0 to 1 is a usage error naming the flag', () => {
    const home = tempDir('choice-memory');
    const env = { HOME: home.dir };
    const kind = runCli(['memory', 'propose', 'lesosn', 'k', 'body', '--dry-run'], { cwd: home.dir, env });
    expect(kind.code, kind.stderr).toBe(64);
    expect(kind.stderr).toContain('(got "lesosn") (did you mean "lesson"?)');
    for (const value of ['abc', '5', '']) {
      const salience = runCli(
        ['memory', 'propose', 'fact', 'k', 'body', `--salience=${value}`, '--dry-run'],
        {
          cwd: home.dir,
          env,
        },
      );
      expect(salience.code, salience.stderr).toBe(64);
      expect(salience.stderr).toContain(
        `memory propose: --salience must be a number from 0 to 1 (got ${JSON.stringify(value)})`,
      );
      expect(salience.stderr).toContain('Run `truss memory --help` for usage.');
    }
    const fine = runCli(
      ['memory', 'propose', 'fact', 'k', 'body', '--salience', '0.25', '--dry-run', '--json'],
      {
        cwd: home.dir,
        env,
      },
    );
    expect(fine.code, fine.stderr).toBe(0);
    expect(JSON.parse(fine.stdout).entries[0].salience).toBe(0.25);
    home.cleanup();
  });

  it('any other flag value the contract rules refuse (--base-url, --arms) is a usage error too, not a contract error', () => {
    const cli = cliHome('flag-values');
    const contract = cli.write(
      'quick.toml',
      contractToml({ id: 'quick', intent: 'passes' }, { kind: 'check', desc: 'ok', run: 'true' }),
    );
    const url = runCli(
      [
        'run',
        contract,
        ...cli.runFlags,
        '--provider',
        'anthropic',
        '--model',
        'm',
        '--base-url',
        'https://u:p@x.example',
      ],
      { env: cli.env },
    );
    expect(url.code, url.stderr).toBe(64);
    expect(url.stderr).toContain('--base-url: provider.base_url: must not carry credentials');
    expect(url.stderr).toContain('Run `truss run --help` for usage.');
    expect(url.stderr).not.toContain('u:p@');
    const arms = runCli(['eval', contract, ...cli.runFlags, '--arms', 'executor.model=a'], { env: cli.env });
    expect(arms.code, arms.stderr).toBe(64);
    expect(arms.stderr).toContain('--arms: an eval needs at least two arms');
    expect(arms.stderr).toContain('Run `truss eval --help` for usage.');
  });

  it('the same mistyped value inside a contract file stays a contract error (3) at file:line:col', () => {
    const cli = cliHome('choice-file');
    const contract = cli.write(
      'typo.toml',
      `${contractToml({ id: 'typo', intent: 'provider typo' }, { kind: 'check', desc: 'ok', run: 'true' })}\n[provider]\nkind = "antropic"\n`,
    );
    const result = runCli(['run', contract, ...cli.runFlags], { env: cli.env });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(
      new RegExp(
        `${contract.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: provider\\.kind: must be one of`,
      ),
    );
    expect(result.stderr).toContain('(did you mean "anthropic"?)');
    expect(result.stderr).not.toContain('--help');
  });
});
