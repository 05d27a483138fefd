import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIsolation, type IsolationLevel } from '../../src/core/process/index.js';
import { runContract } from '../../src/core/run/index.js';
import { createCtx } from '../../src/core/runtime/ctx.js';
import { AGENT_KEY, makeWorkdir, openRunStore, say, scripted, use } from '../helpers/agent-kit.js';
import { mechanismAvailable, survivors } from '../process/isolation-kit.js';
import { mcpContract, stdioServer } from './mcp-kit.js';

const levels: IsolationLevel[] = ['none', 'uid', 'bwrap'];

/**
 * bwrap gives the server a fresh /tmp (docs/security.md): a checkout under /tmp (a clean clone
 * there; the suite's own TMPDIR is elsewhere under it) hides the fixture server and node_modules from it, so that case cannot run there.
 */
const REPO_UNDER_TMP = realpathSync(resolve(import.meta.dirname, '../..')).startsWith(
  `${realpathSync('/tmp')}/`,
);

describe.each(levels)('a stdio MCP server under isolation "%s"', async (level) => {
  const unavailable =
    level === 'bwrap' && REPO_UNDER_TMP
      ? 'the repository is under the temp dir, which bwrap replaces with a fresh /tmp'
      : await mechanismAvailable(level);

  it.skipIf(unavailable !== null)(
    `starts through the run's isolation: ${level === 'none' ? 'it can read the harness key (the control)' : 'it cannot read the harness key'}${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    async () => {
      const workdir = makeWorkdir();
      const calls = join(workdir, 'calls.log');
      const secrets = mkdtempSync(join(tmpdir(), 'truss-mcp-secret-'));
      const keyFile = join(secrets, 'signing.key');
      writeFileSync(keyFile, `${Buffer.alloc(32, 7).toString('base64')}\n`, { mode: 0o600 });
      const isolation = await createIsolation({
        mode: level,
        network: 'none',
        hiddenPaths: [secrets],
        workdirs: [workdir],
        scratchRoot: tmpdir(),
        path: process.env.PATH ?? '/usr/bin:/bin',
        isRoot: process.getuid?.() === 0,
      });
      const run = openRunStore();
      try {
        const { contract, hash } = mcpContract(stdioServer(calls));
        const provider = scripted([
          use('mcp__fx__env', { names: ['SERVICE_API_TOKEN', 'PATH'], paths: [keyFile] }),
          use('write_file', { path: 'out.txt', content: 'done\n' }),
          say('done'),
        ]);
        const outcome = await runContract({
          contract,
          contractHash: hash,
          workdir,
          store: run.store,
          signer: AGENT_KEY,
          ctx: createCtx({ isolation }),
          panel: { unavailable: 'no panel' },
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            SERVICE_API_TOKEN: 'svc-token-abcdef123456',
          },
          codeVersion: 'test',
          principal: { login: 'test' },
          executorProvider: provider,
        });
        expect(outcome.status).toBe('completed');
        const call = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'mcp_tool_call');
        const body = JSON.parse(String(run.store.blob(String(call?.payload.result_sha256))?.bytes));
        const seen = JSON.parse(body.content[0].text) as {
          env: Record<string, boolean>;
          uid: number;
          readable: Record<string, boolean>;
        };
        expect(seen.env).toEqual({ SERVICE_API_TOKEN: false, PATH: true });
        if (level === 'none') {
          expect(seen.readable[keyFile]).toBe(true);
        } else {
          expect(seen.readable[keyFile]).toBe(false);
        }
        if (level === 'uid') expect(seen.uid).not.toBe(process.getuid?.());
        // The run is over: its server is gone.
        expect(survivors(calls)).toEqual([]);
      } finally {
        run.close();
      }
    },
  );
});
