/**
 * MCP client benchmark (docs/mcp.md): the cost of a journaled MCP tool call against the same call
 * made directly with the official SDK client, same server, same process.
 *
 *   npm run bench:mcp [-- --json] [-- --calls=200 --rounds=5]
 *
 * - journaled: `McpMount.call` in a DurableSession on a SQLite ledger in the OS temp directory —
 *   argument redaction and hashing, the result secret-scanned, canonical JSON, SHA-256, the blob, the
 *   signed `mcp_tool_call` entry and its memo row in one fsync'd transaction — over Truss's stdio
 *   transport (the server started through the supervisor, isolation `none`).
 * - direct: `Client.callTool` over the SDK's own StdioClientTransport, nothing recorded.
 *
 * Both talk to test/fixtures/mcp/server.mjs (`echo`). Start-up and listing are excluded: each side
 * is connected and warmed up first, then `--calls` calls are timed. overhead_ratio is the median of
 * the per-round ratios (journaled ms per call ÷ direct ms per call), rounds alternating the order.
 * Each journaled call waits for one fsync, so the ratio depends on the disk; the same is measured
 * with the ledger on tmpfs (/dev/shm, when present), where only the CPU work remains.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { resolveContractSources } from '../src/core/contract/index.js';
import { LedgerStore, SigningKey } from '../src/core/ledger/index.js';
import { McpMount, type McpTool } from '../src/core/mcp/index.js';
import { secretRedactor } from '../src/core/process/index.js';
import { createCtx } from '../src/core/runtime/ctx.js';
import { DurableSession } from '../src/core/runtime/durable.js';
import { resolvePolicy } from '../src/core/tools/policy.js';
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
const SERVER = join(import.meta.dirname, '..', 'test', 'fixtures', 'mcp', 'server.mjs');
const log = (text: string) => process.stderr.write(`${text}\n`);

async function journaledSide(dir: string) {
  const { contract } = resolveContractSources({
    contract: {
      file: 'bench.toml',
      text: `[contract]\nid = "bench"\nintent = "bench"\n\n[[done]]\nkind = "review"\ndesc = "-"\n
[[mcp.servers]]\nname = "fx"\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(SERVER)}]\nallow_tools = ["echo"]\n`,
    },
  });
  const store = LedgerStore.open(join(dir, 'ledger.db'));
  const session = DurableSession.start({ store, signer: SigningKey.generate().key, codeVersion: 'bench' });
  const mount = await McpMount.open({
    servers: contract.mcp?.servers ?? [],
    session,
    policy: resolvePolicy(contract.constraints, dir),
    env: { PATH: process.env.PATH },
    workdir: dir,
    ctx: createCtx({}),
    redact: secretRedactor(process.env),
  });
  const tool = mount.tools[0] as McpTool;
  let n = 0;
  const call = async () => {
    const outcome = await mount.call(tool, `c${n}`, { text: `hello ${n++}` });
    if (outcome.isError) throw new Error(outcome.content);
  };
  return {
    call,
    close: async () => {
      await mount.close();
      store.close();
    },
  };
}

async function directSide() {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER] }));
  let n = 0;
  const call = async () => {
    const result = await client.callTool({ name: 'echo', arguments: { text: `hello ${n++}` } });
    if (result.isError) throw new Error('echo failed');
  };
  return { call, close: () => client.close() };
}

async function timePerCall(call: () => Promise<void>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  return (performance.now() - start) / CALLS;
}

/** Median per-call times and ratio of the journaled side (ledger in `base`) against the direct one. */
async function measure(base: string, label: string) {
  const dir = mkdtempSync(join(base, 'truss-bench-mcp-'));
  try {
    const journaled = await journaledSide(dir);
    const direct = await directSide();
    for (let i = 0; i < 20; i++) {
      await journaled.call();
      await direct.call();
    }
    const ratios: number[] = [];
    const journaledMs: number[] = [];
    const directMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let j: number;
      let d: number;
      if (round % 2 === 0) {
        j = await timePerCall(journaled.call);
        d = await timePerCall(direct.call);
      } else {
        d = await timePerCall(direct.call);
        j = await timePerCall(journaled.call);
      }
      journaledMs.push(j);
      directMs.push(d);
      ratios.push(j / d);
      log(
        `${label} round ${round + 1}: journaled ${j.toFixed(3)} ms/call, direct ${d.toFixed(3)} ms/call, ratio ${(j / d).toFixed(2)}`,
      );
    }
    await journaled.close();
    await direct.close();
    return {
      journaled: Number(median(journaledMs).toFixed(3)),
      direct: Number(median(directMs).toFixed(3)),
      ratio: Number(median(ratios).toFixed(2)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const disk = await measure(tmpdir(), 'disk');
const tmpfs = existsSync('/dev/shm') ? await measure('/dev/shm', 'tmpfs') : null;
const result = {
  calls_per_round: CALLS,
  rounds: ROUNDS,
  journaled_ms_per_call: disk.journaled,
  direct_ms_per_call: disk.direct,
  overhead_ratio: disk.ratio,
  ...(tmpfs
    ? {
        tmpfs_journaled_ms_per_call: tmpfs.journaled,
        tmpfs_direct_ms_per_call: tmpfs.direct,
        tmpfs_overhead_ratio: tmpfs.ratio,
      }
    : {}),
};
if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
else {
  process.stdout.write(
    `journaled MCP call: ${disk.journaled} ms, direct SDK call: ${disk.direct} ms, overhead ratio ${disk.ratio} (ledger on disk; median of ${ROUNDS} rounds of ${CALLS} calls)\n`,
  );
  if (tmpfs) {
    process.stdout.write(
      `ledger on tmpfs: journaled ${tmpfs.journaled} ms, direct ${tmpfs.direct} ms, overhead ratio ${tmpfs.ratio}\n`,
    );
  }
}
