import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createNodeCrypto, type LedgerEntry, type LedgerStore } from '../../src/core/ledger/index.js';
import type { Provider } from '../../src/core/providers/provider.js';
import {
  type CompletedOutcome,
  type RunOutcome,
  resumeContract,
  runContract,
} from '../../src/core/run/index.js';
import type { RunEvent } from '../../src/core/runtime/ctx.js';
import {
  AGENT_KEY,
  type AgentRun,
  contractFrom,
  ctxFor,
  text,
  toolUse,
  useAgentRun,
} from '../helpers/agent-kit.js';

/** The MCP server the tests start: built with the official SDK (test/fixtures/mcp/server.mjs). */
export const FIXTURE_SERVER = join(import.meta.dirname, '../fixtures/mcp/server.mjs');

/** The `tools/call` requests the fixture server received, one `<tool> <json args>` line each. */
export function serverCalls(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/** How often the stdio fixture whose calls go to `calls` was started. */
export function serverStarts(calls: string): number {
  return serverCalls(`${calls}.starts`).length;
}

/**
 * For the tests of the enclosing describe (useAgentRun): a fresh ledger store and work directory per
 * test, the store closed after each, and `calls`, the file in the work directory where a fixture
 * server started with it (stdioServer) writes the calls it receives. Read them from the returned object.
 */
export function useMcpRun(): { readonly run: AgentRun; readonly workdir: string; readonly calls: string } {
  const agent = useAgentRun();
  return {
    get run() {
      return agent.run;
    },
    get workdir() {
      return agent.workdir;
    },
    get calls() {
      return join(agent.workdir, 'calls.log');
    },
  };
}

/** A TOML string literal. */
export function tomlString(value: string): string {
  return JSON.stringify(value);
}

/** `[[mcp.servers]]` for the fixture over stdio, counting its calls in `calls`. */
export function stdioServer(calls: string, extra = '', name = 'fx'): string {
  return `
[[mcp.servers]]
name = "${name}"
transport = "stdio"
command = ${tomlString(process.execPath)}
args = [${tomlString(FIXTURE_SERVER)}, "--calls", ${tomlString(calls)}, "--starts", ${tomlString(`${calls}.starts`)}]
${extra}
`;
}

/** An in-loop contract with a check that `out.txt` holds `expected`, and the given extra TOML. */
export function mcpContract(extra: string, allowTools = '["write_file", "mcp__*"]', expected = 'done') {
  return contractFrom(`
[contract]
id = "mcp-test"
intent = "Use the MCP tools, then write out.txt"

[[done]]
kind = "check"
desc = "out.txt says ${expected}"
run = "grep -qx '${expected}' out.txt"
timeout_sec = 10

[executor]
kind = "in-loop"

[constraints]
allow_tools = ${allowTools}
${extra}
`);
}

export const BASE_ENV = { PATH: process.env.PATH, HOME: process.env.HOME };

export function runMcp(options: {
  store: LedgerStore;
  contract: ReturnType<typeof contractFrom>;
  workdir: string;
  provider: Provider;
  env?: Record<string, string | undefined>;
  events?: RunEvent[];
  signal?: AbortSignal;
}): Promise<RunOutcome> {
  const { contract, hash } = options.contract;
  return runContract({
    contract,
    contractHash: hash,
    workdir: options.workdir,
    store: options.store,
    signer: AGENT_KEY,
    ctx: ctxFor(contract, options),
    panel: { unavailable: 'no panel in this test' },
    env: options.env ?? BASE_ENV,
    codeVersion: 'test',
    principal: { login: 'test' },
    executorProvider: options.provider,
  });
}

export function resumeMcp(options: {
  store: LedgerStore;
  sessionId: string;
  workdir: string;
  provider: Provider;
  env?: Record<string, string | undefined>;
  contract: ReturnType<typeof contractFrom>;
}): Promise<RunOutcome> {
  return resumeContract({
    sessionId: options.sessionId,
    store: options.store,
    signer: AGENT_KEY,
    crypto: createNodeCrypto(),
    workdir: options.workdir,
    ctx: ctxFor(options.contract.contract),
    panel: { unavailable: 'no panel in this test' },
    env: options.env ?? BASE_ENV,
    executorProvider: options.provider,
  });
}

/** Asserts the run completed (not suspended) and returns it. */
export function completed(outcome: unknown): CompletedOutcome {
  expect((outcome as CompletedOutcome).status).toBe('completed');
  return outcome as CompletedOutcome;
}

export function entriesOf(store: LedgerStore, sessionId: string, kind: string): LedgerEntry[] {
  return [...store.entries(sessionId)].filter((e) => e.kind === kind);
}

/** A positional agent's answers: one MCP call, then write out.txt, then the final text. */
export function callThenFinish(tool: string, input: Record<string, unknown>) {
  return [
    { content: [toolUse('a', tool, input)] },
    { content: [toolUse('b', 'write_file', { path: 'out.txt', content: 'done\n' })] },
    { content: [text('done')] },
  ];
}
