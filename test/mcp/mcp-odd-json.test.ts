import { describe, expect, it } from 'vitest';
import { say, scripted, use } from '../helpers/agent-kit.js';
import { completed, entriesOf, mcpContract, runMcp, serverCalls, stdioServer, useMcpRun } from './mcp-kit.js';

/**
 * Values JSON carries but a signed ledger payload cannot (canonical JSON refuses integers past 2^53
 * and lone UTF-16 surrogates): a server's 64-bit id in `structuredContent`, a model's malformed
 * string in the arguments. Each used to abort the whole run ("run … failed: … outside the safe
 * range"); the call is journaled instead, the integer as its decimal string, the string made well
 * formed (docs/mcp.md).
 */
describe('MCP call values canonical JSON cannot hold', () => {
  const t = useMcpRun();

  it('a result with an integer past 2^53 and arguments with a lone surrogate are journaled; the run completes', async () => {
    const contract = mcpContract(stdioServer(t.calls));
    const provider = scripted([
      // The fixture answers structuredContent {sum: a + b} = 18014398509481982, past 2^53.
      use('mcp__fx__add', { a: Number.MAX_SAFE_INTEGER, b: Number.MAX_SAFE_INTEGER }),
      use('mcp__fx__echo', { text: 'a\ud800b' }),
      use('write_file', { path: 'out.txt', content: 'done\n' }),
      say('done'),
    ]);
    const outcome = completed(await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider }));
    expect(outcome.verdict.overall).toBe('pass');
    const [add, echo] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tool_call');
    expect(add?.payload).toMatchObject({ is_error: false, error: null });
    expect(echo?.payload).toMatchObject({ is_error: false, error: null });
    const body = JSON.parse(String(t.run.store.blob(String(add?.payload.result_sha256))?.bytes));
    expect(body.structuredContent).toEqual({ sum: '18014398509481982' });
    expect(serverCalls(t.calls)).toHaveLength(2);
  });

  it('a model answer with a lone surrogate (in a tool path, in its final text) is journaled; the run completes', async () => {
    const contract = mcpContract(stdioServer(t.calls));
    const provider = scripted([
      use('write_file', { path: 'x\ud800.txt', content: 'a\udc00b' }),
      use('write_file', { path: 'out.txt', content: 'done\n' }),
      say('done \ud800'),
    ]);
    const outcome = completed(await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider }));
    expect(outcome.verdict.overall).toBe('pass');
    expect(outcome.executor?.finalText).toBe('done \ufffd');
  });
});
