/**
 * The fake vendor CLI of `[executor] tools = "truss"` tests (test/fixtures/fake-agent-cli): an MCP
 * client under the name `claude`, so Truss wires it as it wires Claude Code, and a contract that
 * runs it with Truss's tools.
 */
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';
import { contractToml, GREETING_CHECK } from './contract-toml.js';

export const FAKE_CLAUDE = join(REPO_ROOT, 'test/fixtures/fake-agent-cli/claude');

/** The fake CLI's `--script=` flag: the tool calls it makes, in order. */
export function agentScript(calls: Array<{ tool: string; args: Record<string, unknown> }>): string {
  return `--script=${Buffer.from(JSON.stringify(calls)).toString('base64')}`;
}

/**
 * The greeting contract run by the fake CLI with `tools = "truss"`: `args` after `-p` (its script
 * and attack flags), `allowTools` offered, network open.
 */
export function trussToolsContract(args: string[], allowTools: string[], timeoutSec = 120): string {
  return contractToml(
    { id: 'journaled', intent: 'Create greeting.txt containing exactly: hello from the harness' },
    GREETING_CHECK,
    {
      executor: {
        kind: 'delegated-cli',
        command: FAKE_CLAUDE,
        args: ['-p', ...args],
        timeout_sec: timeoutSec,
        tools: 'truss',
      },
      constraints: { allow_tools: allowTools, network: 'open' },
    },
  );
}
