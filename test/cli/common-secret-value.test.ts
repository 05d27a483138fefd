/**
 * A variable named like a secret whose value is a word the code uses (`POSTGRES_PASSWORD=postgres`,
 * as CI workflows set for a database service) is a run secret (docs/security.md, "The secret
 * scan"): a change holding the word fails the run. Before, the failure named nothing to change ("a
 * secret this run holds (a signing key, a token or the provider API key)"); it now names the
 * variable, never its value, and says what to do. The real CLI in a child process, a real
 * delegated CLI (`sh`) changing a real git repository.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';

describe('truss run: the work holds the value of a variable named like a secret', () => {
  it('fails naming the variable, not the value, and says what to do when it is no secret', () => {
    const cli = cliHome('common-secret');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: cli.workdir, stdio: 'pipe' });
    git('init', '-q');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'init');
    const contract = cli.write(
      'c.toml',
      contractToml(
        { id: 'db-config', intent: 'Write db.yml for the postgres adapter' },
        [{ kind: 'check', desc: 'db.yml names the adapter', run: 'grep -q adapter db.yml' }],
        {
          executor: {
            kind: 'delegated-cli',
            command: 'sh',
            args: ['-c', "cat > /dev/null; printf 'adapter: postgres\\n' > db.yml"],
            prompt_via: 'stdin',
            timeout_sec: 30,
          },
        },
      ),
    );
    const run = runCli(['run', contract, ...cli.runFlags, '--isolation', 'none', '--json'], {
      env: { ...cli.env, POSTGRES_PASSWORD: 'postgres' },
    });
    expect(run.code, run.stderr).toBe(1);
    const outcome = JSON.parse(run.stdout) as { executor?: { failure?: string } };
    const failure = outcome.executor?.failure ?? '';
    expect(failure).toMatch(/^the work holds the value of the environment variable POSTGRES_PASSWORD, /);
    expect(failure).toContain('in db.yml (run_secret)');
    expect(failure).toContain('if it holds no secret');
    expect(failure).toContain('do not set it in the environment Truss runs in');
    expect(failure).not.toContain('postgres');
  });
});
