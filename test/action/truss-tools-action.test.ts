/**
 * `[executor] tools = "truss"` through the BUILT action (docs/action.md "Delegated agents with
 * Truss's tools"): the Action hands its own bundled CLI (dist/cli.cjs beside dist/action.cjs) to the
 * run as the tool server, so the fake vendor CLI (an MCP client, test/fixtures/fake-agent-cli) starts
 * `cli.cjs mcp serve --tools` as its only MCP server, works through it, and each call is a signed
 * `delegated_tool_call` in the bundle. The CLI runs inside the run's isolation (`auto`): it goes after
 * the signing key the Action holds (its INPUT_SIGNING_KEY / TRUSS_SIGNING_KEY environment, every
 * /proc/<pid>/environ it can read, the ledger file beside the keyless relay) and finds none of it.
 * Under an explicit `isolation: none` (the control) the same hunt finds the key, so the hunt can fail.
 *
 * As on a runner, the sandboxed run starts the action from a copy of the build under the runner's
 * HOME (`_actions/…/dist`), which the isolation hides: the run copies the self-contained relay.js into
 * its tool directory and the CLI starts that. Without relay.js in the copy the CLI cannot start its
 * server at all, which shows the copy is what makes it work there.
 */
import { cpSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAGED_RELAY_FILE } from '../../src/core/executors/delegated-tools-vendor.js';
import { LEDGER_DB_FILE_NAME } from '../../src/github/names.js';
import { ActionHarness } from '../helpers/action-harness.js';
import { builtEntry } from '../helpers/built-dist.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { agentScript, trussToolsContract } from '../helpers/fake-mcp-agent.js';
import { leaked, mechanismAvailable } from '../process/isolation-kit.js';

type Entry = { kind: string; payload: Record<string, unknown> };

/**
 * The build copied to `$HOME/_actions/truss/v1/dist`, where a runner keeps an action (HOME is the
 * harness's runner temp dir); node_modules beside it resolves better-sqlite3. Returns its action.js.
 */
function installUnderHome(harness: ActionHarness, withRelay: boolean): string {
  const root = join(harness.runnerTemp, '_actions', 'truss', 'v1');
  mkdirSync(root, { recursive: true });
  cpSync(dirname(builtEntry('action.cjs')), join(root, 'dist'), { recursive: true });
  if (!withRelay) rmSync(join(root, 'dist', 'relay.js'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  return join(root, 'dist', 'action.cjs');
}

// `auto` picks uid, then bwrap; on a machine with neither the CLI would run as the runner user.
// Both give the sandbox a private /tmp (docs/security.md): the action is installed under the
// runner's temp dir here, and from a checkout under /tmp (a clean clone) the fake CLI beside the
// repository cannot be reached from inside, so that case is skipped, saying why.
const checkoutInTmp = `${realpathSync(REPO_ROOT)}/`.startsWith(`${realpathSync('/tmp')}/`);
const sandboxUnavailable = checkoutInTmp
  ? 'the repository is under the temp dir, which the sandbox replaces with a private /tmp'
  : (await mechanismAvailable('uid')) && (await mechanismAvailable('bwrap'));

for (const isolation of ['auto', 'none'] as const) {
  // Sandboxed: the action runs from under HOME, as on a runner. The control runs the build in place.
  const unavailable = isolation === 'auto' ? sandboxUnavailable : null;
  describe.skipIf(Boolean(unavailable))(
    `the Action, [executor] tools = "truss", isolation ${isolation}${unavailable ? ` (SKIPPED: ${unavailable})` : ''}`,
    () => {
      let harness: ActionHarness;
      beforeEach(() => {
        harness = new ActionHarness();
      });
      afterEach(async () => {
        await harness.stop();
      });

      it(`passes with the delegated CLI working through the bundled tool server; its calls are signed; ${isolation === 'none' ? 'the key is open to it (the control)' : 'the key stays out of reach'}`, async () => {
        const ledgerDb = join(harness.runnerTemp, 'truss', LEDGER_DB_FILE_NAME);
        harness.baseContract = trussToolsContract(
          [
            agentScript([
              { tool: 'write_file', args: { path: 'greeting.txt', content: 'hello from the harness\n' } },
              { tool: 'write_file', args: { path: 'notes.txt', content: 'written through truss\n' } },
              { tool: 'bash', args: { command: 'id -u' } },
            ]),
            `--read=${ledgerDb}`,
            '--hunt=INPUT_SIGNING_KEY',
            '--hunt=TRUSS_SIGNING_KEY',
            '--hunt=INPUT_GITHUB_TOKEN',
            '--forge',
          ],
          ['write_file', 'bash'],
        );
        const workspace = harness.headWorkspace();
        const entry = isolation === 'auto' ? installUnderHome(harness, true) : undefined;
        const run = await harness.runPullRequest({ INPUT_ISOLATION: isolation }, workspace, entry);
        expect(run.code, run.stdout + run.stderr).toBe(0);
        expect(run.outputs.verdict).toBe('pass');
        expect(readFileSync(join(workspace, 'notes.txt'), 'utf8')).toBe('written through truss\n');

        const bundlePath = run.outputs['bundle-path'] as string;
        const bundleText = readFileSync(bundlePath, 'utf8');
        const entries = JSON.parse(bundleText).ledger.entries as Entry[];
        const started = entries.find((e) => e.kind === 'run_started')?.payload as {
          isolation: { level: string };
        };
        if (isolation === 'auto') expect(started.isolation.level).not.toBe('none');
        else expect(started.isolation.level).toBe('none');
        const calls = entries.filter((e) => e.kind === 'delegated_tool_call').map((e) => e.payload);
        expect(calls.map((c) => [c.name, c.is_error])).toEqual([
          ['write_file', false],
          ['write_file', false],
          ['bash', false],
        ]);
        // The command ran through the run's isolation, not as the runner user.
        const uid = Number(String(calls[2]?.content).match(/\[stdout\]\n(\d+)/)?.[1]);
        expect(Number.isInteger(uid)).toBe(true);
        if (started.isolation.level === 'uid') expect(uid).not.toBe(process.getuid?.());

        const result = entries.find((e) => e.kind === 'delegated_result')?.payload as {
          stdout: { tail: string };
          tools: { server: string; calls: number };
        };
        expect(result.tools).toMatchObject({ server: 'truss', calls: 3 });
        const tails = result.stdout.tail.split('\n');
        expect(tails).toContain('fake mcp agent done');
        // The server the CLI started is the keyless relay the Action ships (its relay.js), copied
        // into the run's tool directory, run by the same Node.
        const server = JSON.parse(tails.find((l) => l.startsWith('SERVER '))?.slice(7) ?? '{}') as {
          command: string;
          args: string[];
        };
        expect(server.command).toBe(process.execPath);
        const connect = server.args[server.args.indexOf('--connect') + 1] as string;
        expect(server.args).toEqual([
          join(connect, STAGED_RELAY_FILE),
          'mcp',
          'serve',
          '--tools',
          '--session',
          run.outputs['session-id'],
          '--connect',
          connect,
        ]);
        expect(tails.find((l) => l.startsWith('FORGE '))).toContain('wrong token');
        const read = tails.find((l) => l.startsWith('READ '));
        const hunts = tails.filter((l) => l.startsWith('HUNT '));
        if (isolation === 'none') {
          // The runner user's own process: the ledger file and the Action's environment are open to it.
          expect(read).toMatch(/ ok$/);
          expect(hunts).toContain('HUNT found');
        } else {
          expect(read).toMatch(/ failed /);
          expect(hunts).toEqual(['HUNT absent', 'HUNT absent', 'HUNT absent']);
        }

        // Nothing secret in the signed evidence, the logs or the comment.
        const secrets = { INPUT_SIGNING_KEY: harness.seed, TOKEN: 'ghs_faketoken000000000000000000000000' };
        // (`::add-mask::` lines are how the runner learns what to hide; it never prints them.)
        const logs = run.stdout
          .split('\n')
          .filter((line) => !line.startsWith('::add-mask::'))
          .join('\n');
        const comments = harness.comments.map((c) => c.body);
        expect(leaked(secrets, [logs, run.stderr, bundleText, run.summary, ...comments])).toEqual([]);
        const verify = runCli(['verify', bundlePath, '--key', run.outputs['public-key'] as string, '--json']);
        expect(JSON.parse(verify.stdout).status).toBe('verified');
      }, 240_000);
    },
  );
}

describe.skipIf(Boolean(sandboxUnavailable))(
  'the Action under HOME without relay.js (what the copy is for)',
  () => {
    it('the sandboxed CLI cannot start the tool server from the hidden dist/: no tool call, no PASS', async () => {
      const harness = new ActionHarness();
      try {
        harness.baseContract = trussToolsContract(
          [agentScript([{ tool: 'write_file', args: { path: 'notes.txt', content: 'x\n' } }])],
          ['write_file'],
          60,
        );
        const run = await harness.runPullRequest(
          {},
          harness.headWorkspace(),
          installUnderHome(harness, false),
        );
        expect(run.outputs.verdict).not.toBe('pass');
        const entries = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8')).ledger
          .entries as Entry[];
        expect(entries.filter((e) => e.kind === 'delegated_tool_call')).toEqual([]);
      } finally {
        await harness.stop();
      }
    }, 240_000);
  },
);
