/**
 * Journaled tools for delegated agents (docs/mcp.md): what one tool call of a `tools = "truss"`
 * vendor CLI costs against the same call to a plain MCP server, same client, same process.
 *
 *   npm run bench:delegated-tools [-- --json] [-- --calls=200 --rounds=5]
 *
 * - journaled: the SDK client (as the vendor CLI) → `truss mcp serve --tools` (the relay, a second
 *   process) → the run's Unix socket → the bridge: `invokeTool` under the contract's policy, the
 *   secret scan, the signed `delegated_tool_call` (a write_file's entry fsync'd, a read_file's with
 *   its fsync deferred, as for the in-loop agent).
 * - direct: the same client → bench/lib/plain-tools-server.mjs, an SDK server that reads and writes
 *   the file itself, nothing checked or recorded.
 *
 * Start-up and listing are excluded. Each figure is the median of the per-round ratios (journaled ms
 * per call ÷ direct ms per call), rounds alternating the order, with the ledger on disk and on tmpfs
 * (/dev/shm, when present).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { resolveContractSources } from '../src/core/contract/index.js';
import { DelegatedToolBridge } from '../src/core/executors/delegated-tools.js';
import { openToolSocket } from '../src/core/executors/delegated-tools-socket.js';
import { LedgerStore, SigningKey } from '../src/core/ledger/index.js';
import { secretRedactor } from '../src/core/process/index.js';
import { createCtx } from '../src/core/runtime/ctx.js';
import { DurableSession } from '../src/core/runtime/durable.js';
import { ApprovalGates } from '../src/core/runtime/gates.js';
import { resolvePolicy } from '../src/core/tools/policy.js';
import { createToolRegistry } from '../src/core/tools/registry.js';
import { median } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    calls: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
  },
});
const CALLS = Number(values.calls);
const ROUNDS = Number(values.rounds);
const PLAIN_SERVER = fileURLToPath(new URL('./lib/plain-tools-server.mjs', import.meta.url));
const CLI = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);

type Call = (n: number) => { name: string; arguments: Record<string, unknown> };
const CALLS_OF: Record<'read_file' | 'write_file', Call> = {
  read_file: () => ({ name: 'read_file', arguments: { path: 'input.txt' } }),
  write_file: (n) => ({ name: 'write_file', arguments: { path: 'out.txt', content: `line ${n}\n` } }),
};

async function client(command: string, args: string[], cwd: string): Promise<Client> {
  const connected = new Client({ name: 'bench-vendor-cli', version: '1' });
  await connected.connect(new StdioClientTransport({ command, args, cwd, stderr: 'inherit' }));
  return connected;
}

async function journaledSide(dir: string, ledgerDir: string) {
  const { contract } = resolveContractSources({
    contract: {
      file: 'bench.toml',
      text: '[contract]\nid = "bench"\nintent = "bench"\n\n[[done]]\nkind = "review"\ndesc = "-"\n\n[constraints]\nallow_tools = ["read_file", "write_file"]\n',
    },
  });
  const store = LedgerStore.open(join(ledgerDir, 'ledger.db'));
  const session = DurableSession.start({ store, signer: SigningKey.generate().key, codeVersion: 'bench' });
  const bridge = new DelegatedToolBridge({
    session,
    tools: createToolRegistry(),
    policy: resolvePolicy(contract.constraints, dir),
    gates: new ApprovalGates(contract.approval_gates),
    ctx: createCtx({}),
    workdir: dir,
    redact: secretRedactor(process.env),
    approvals: [],
    onGate: () => {},
  });
  const socket = await openToolSocket({
    bridge,
    sessionId: session.id,
    version: 'bench',
    parent: tmpdir(),
    toolEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  const relay = await client(
    process.execPath,
    ['--import', 'tsx', CLI, 'mcp', 'serve', '--tools', '--session', session.id, '--connect', socket.dir],
    fileURLToPath(new URL('..', import.meta.url)),
  );
  return {
    client: relay,
    close: async () => {
      await relay.close();
      await socket.close();
      store.close();
    },
  };
}

async function timePerCall(on: Client, call: Call): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const result = await on.callTool(call(i));
    if (result.isError) throw new Error(`tool call failed: ${JSON.stringify(result.content)}`);
  }
  return (performance.now() - start) / CALLS;
}

async function measure(base: string, label: string) {
  const dir = mkdtempSync(join(tmpdir(), 'truss-bench-dt-work-'));
  const ledgerDir = mkdtempSync(join(base, 'truss-bench-dt-ledger-'));
  writeFileSync(join(dir, 'input.txt'), 'x'.repeat(2048));
  try {
    const journaled = await journaledSide(dir, ledgerDir);
    const direct = await client(process.execPath, [PLAIN_SERVER], dir);
    const figures: Record<string, { journaled: number; direct: number; ratio: number }> = {};
    for (const [tool, call] of Object.entries(CALLS_OF)) {
      for (let i = 0; i < 20; i++) {
        await journaled.client.callTool(call(i));
        await direct.callTool(call(i));
      }
      const j: number[] = [];
      const d: number[] = [];
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const first = round % 2 === 0;
        const a = await timePerCall(first ? journaled.client : direct, call);
        const b = await timePerCall(first ? direct : journaled.client, call);
        const [jr, dr] = first ? [a, b] : [b, a];
        j.push(jr);
        d.push(dr);
        ratios.push(jr / dr);
        log(
          `${label} ${tool} round ${round + 1}: journaled ${jr.toFixed(3)} ms, direct ${dr.toFixed(3)} ms, ratio ${(jr / dr).toFixed(2)}`,
        );
      }
      figures[tool] = {
        journaled: Number(median(j).toFixed(3)),
        direct: Number(median(d).toFixed(3)),
        ratio: Number(median(ratios).toFixed(2)),
      };
    }
    await journaled.close();
    await direct.close();
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(ledgerDir, { recursive: true, force: true });
  }
}

const disk = await measure(tmpdir(), 'disk');
const tmpfs = existsSync('/dev/shm') ? await measure('/dev/shm', 'tmpfs') : null;
const result: Record<string, number> = { calls_per_round: CALLS, rounds: ROUNDS };
for (const [where, figures] of Object.entries({ disk, ...(tmpfs ? { tmpfs } : {}) })) {
  for (const [tool, f] of Object.entries(figures)) {
    result[`${where}_${tool}_journaled_ms`] = f.journaled;
    result[`${where}_${tool}_direct_ms`] = f.direct;
    result[`${where}_${tool}_overhead_ratio`] = f.ratio;
  }
}
if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
else {
  for (const [where, figures] of Object.entries({ disk, ...(tmpfs ? { tmpfs } : {}) })) {
    for (const [tool, f] of Object.entries(figures)) {
      process.stdout.write(
        `${tool} (ledger on ${where}): journaled ${f.journaled} ms, direct ${f.direct} ms, overhead ratio ${f.ratio} (median of ${ROUNDS} rounds of ${CALLS} calls)\n`,
      );
    }
  }
}
