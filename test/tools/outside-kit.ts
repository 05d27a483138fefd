import { expect } from 'vitest';
import { createNodeCrypto, type LedgerEntry, type LedgerStore } from '../../src/core/ledger/index.js';
import type { ChatRequest, ChatResult, ContentBlock } from '../../src/core/providers/provider.js';
import type { Ctx } from '../../src/core/runtime/ctx.js';
import { jsonSha256 } from '../../src/core/tools/journal-json.js';
import { contractFrom, PositionalAgent, text, toolUse } from '../helpers/agent-kit.js';

/**
 * Shared parts of the GitHub and web tool suites: an in-loop contract that turns `[tools]` on, a
 * positional model that keeps what it was shown, and the checks every signed provenance entry must
 * pass. Runs go through the agent kit's runAgent / resumeAgent (the real run service).
 */

export const BASE_ENV = { PATH: process.env.PATH, HOME: process.env.HOME };

/**
 * An in-loop contract whose check wants out.txt = "done", with `[constraints]` and `[tools]` as given
 * and `extra` TOML after them (a `[provider]`).
 */
export function outsideContractText(constraints: string, tools: string, extra = ''): string {
  return `
[contract]
id = "outside-tools"
intent = "Read what the tools return, then write out.txt"

[[done]]
kind = "check"
desc = "out.txt says done"
run = "grep -qx done out.txt"
timeout_sec = 10

[executor]
kind = "in-loop"

[constraints]
${constraints}

[tools]
${tools}
${extra}`;
}

export function outsideContract(constraints: string, tools: string) {
  return contractFrom(outsideContractText(constraints, tools));
}

/** A positional model that also keeps every request, so a test can read the tool results it was shown. */
export class RecordingAgent extends PositionalAgent {
  readonly seen: ChatRequest[] = [];
  override async chat(request: ChatRequest, ctx: Ctx): Promise<ChatResult> {
    this.seen.push(structuredClone(request));
    return super.chat(request, ctx);
  }

  /** The tool results the model was shown in its request at `position`. */
  resultsAt(position: number): { content: string; isError: boolean }[] {
    const request = this.seen.find(
      (r) => r.messages.filter((m) => m.role === 'assistant').length === position,
    );
    const last = request?.messages.at(-1);
    return (last?.content ?? []).flatMap((block) =>
      block.type === 'tool_result'
        ? [{ content: String(block.content), isError: block.isError === true }]
        : [],
    );
  }
}

/** The answers of an agent that makes these tool calls (one per turn), writes out.txt and finishes. */
export function callsThenFinish(calls: [string, Record<string, unknown>][]): { content: ContentBlock[] }[] {
  return [
    ...calls.map(([name, input], index) => ({ content: [toolUse(`c${index}`, name, input)] })),
    { content: [toolUse('w', 'write_file', { path: 'out.txt', content: 'done\n' })] },
    { content: [text('done')] },
  ];
}

/**
 * What every completed provenance entry must satisfy: its input hashes to input_sha256, its memo row
 * is the one its payload implies, its blob hashes to result_sha256. Returns the parsed blob.
 */
export function checkedBody(
  store: LedgerStore,
  sessionId: string,
  entry: LedgerEntry,
): Record<string, unknown> {
  const p = entry.payload;
  expect(p.error).toBeNull();
  expect(jsonSha256(p.input)).toBe(p.input_sha256);
  expect(store.memo(sessionId, String(p.memo_key))).toEqual({
    seq: entry.seq,
    result: { result_sha256: p.result_sha256, is_error: p.is_error, error: null },
  });
  const blob = store.blob(String(p.result_sha256));
  expect(blob?.bytes).toBeTruthy();
  const bytes = blob?.bytes as Buffer;
  expect(jsonSha256(JSON.parse(bytes.toString('utf8')))).toBe(p.result_sha256);
  expect(bytes.length).toBe(p.result_bytes);
  return JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
}

/** Every payload and blob of a session as one text (for proving a secret never reached the ledger). */
export function ledgerText(store: LedgerStore, sessionId: string): string {
  const parts: string[] = [];
  for (const entry of store.entries(sessionId)) {
    parts.push(JSON.stringify(entry.payload));
    for (const value of Object.values(entry.payload)) {
      if (typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)) {
        const blob = store.blob(value);
        if (blob?.bytes) parts.push(blob.bytes.toString('utf8'));
      }
    }
  }
  return parts.join('\n');
}

/** The ledger verifies (chain, signatures and the tool-call checks) with no failure. */
export function expectVerifies(store: LedgerStore, sessionId: string): void {
  const report = store.verifySession(sessionId, { crypto: createNodeCrypto(), trusted: new Map() });
  expect(report.failure).toBeNull();
}
