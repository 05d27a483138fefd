/**
 * File names are the work's to choose, and one can spell a secret: a delegated CLI given a token
 * names files after it; an in-loop agent names one after a GitHub token it was shown. The diff's
 * headers were redacted, but the executor's `changed_files` were signed as they were, so the names
 * reached ledger.db, the bundle, the HTML report and the CLI's summary line in clear
 * (docs/security.md, "The secret scan"). The real CLI in a child process, a real delegated CLI (`sh`)
 * and the scripted model provider, real git repositories.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { openRaw } from '../helpers/ledger-env.js';

const TOKEN = 'dpl_live_Q7mW2xR9tK4vB8nZ3yH6';
const GH = `ghp_${'Zx9Yw8Vu7T'.repeat(4)}`;

/** Runs `contract` in a fresh git repository; every text the run left, by where it is. */
function runIn(
  prefix: string,
  contract: (cli: ReturnType<typeof cliHome>) => string,
  env: Record<string, string> = {},
) {
  const cli = cliHome(prefix);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: cli.workdir, stdio: 'pipe' });
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'init');
  const path = contract(cli);
  const run = runCli(['run', path, ...cli.runFlags, '--isolation', 'none'], { env: { ...cli.env, ...env } });
  const bundles = join(cli.workdir, '.truss', 'bundles');
  const texts: Array<[string, string]> = [
    ['stdout', run.stdout],
    ['stderr', run.stderr],
    ...readdirSync(bundles).map((file): [string, string] => [
      file,
      readFileSync(join(bundles, file), 'utf8'),
    ]),
  ];
  const db = openRaw(cli.db);
  for (const row of db.prepare('SELECT kind, payload FROM journal').all() as Array<{
    kind: string;
    payload: string;
  }>)
    texts.push([`journal ${row.kind}`, row.payload]);
  db.close();
  return { run, cli, texts };
}

describe('file names the work chose', () => {
  it('a delegated CLI naming files after its token: the names are redacted in changed_files everywhere', () => {
    const { run, texts } = runIn(
      'secret-names-delegated',
      (cli) =>
        cli.write(
          'c.toml',
          contractToml({ id: 'names', intent: 'Write notes' }, [{ kind: 'check', desc: 'ok', run: 'true' }], {
            executor: {
              kind: 'delegated-cli',
              command: 'sh',
              args: [
                '-c',
                'cat > /dev/null; echo hi > "notes-$DEPLOY_TOKEN.txt"; mkdir "d-$DEPLOY_TOKEN"; echo x > "d-$DEPLOY_TOKEN/f"',
              ],
              env: ['DEPLOY_TOKEN'],
              prompt_via: 'stdin',
              timeout_sec: 30,
            },
          }),
        ),
      { DEPLOY_TOKEN: TOKEN },
    );
    expect(run.stdout).toContain('changed d-[REDACTED]/f, notes-[REDACTED].txt');
    expect(texts.filter(([, text]) => text.includes(TOKEN)).map(([where]) => where)).toEqual([]);
  });

  it('an in-loop agent writing a file named after a GitHub token: the name is redacted in changed_files and in the write_file result data', () => {
    const { run, texts } = runIn('secret-names-in-loop', (cli) => {
      const script = cli.write(
        'model.json',
        JSON.stringify({
          responses: [
            {
              content: [
                { type: 'tool_use', name: 'write_file', input: { path: `${GH}.txt`, content: 'hi\n' } },
              ],
            },
            { content: [{ type: 'text', text: 'done' }] },
          ],
        }),
      );
      return cli.write(
        'c.toml',
        contractToml({ id: 'names', intent: 'Write a file' }, [{ kind: 'check', desc: 'ok', run: 'true' }], {
          executor: { kind: 'in-loop' },
          constraints: { allow_tools: ['write_file'] },
          provider: { kind: 'scripted', script },
        }),
      );
    });
    expect(run.stdout).toContain('changed [REDACTED:github_token].txt');
    expect(texts.filter(([, text]) => text.includes(GH)).map(([where]) => where)).toEqual([]);
  });
});
