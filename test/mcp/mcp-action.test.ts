import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness } from '../helpers/action-harness.js';
import { GREETING_CONTRACT as BASE_CONTRACT } from '../helpers/contract-toml.js';

describe('the Action and MCP servers', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
  });
  afterEach(async () => {
    await harness.stop();
  });

  it('refuses a base-branch contract whose stdio MCP server is unpinned, at file:line:col, before anything runs', async () => {
    harness.baseContract = `${BASE_CONTRACT}
[executor]
kind = "in-loop"

[[mcp.servers]]
name = "github"
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
`;
    const run = await harness.runPullRequest();
    expect(run.code).toBe(1);
    const output = run.stdout + run.stderr;
    expect(output).toMatch(
      /\.truss\/contracts\/greeting\.toml:\d+:\d+: mcp\.servers\[0\]\.command: MCP server "github" \(`npx -y @modelcontextprotocol\/server-github`\) runs "@modelcontextprotocol\/server-github" without an exact version/,
    );
    expect(output).toContain('unpinned MCP servers are refused in the Action');
    // Refused before a check run was started or anything was journaled.
    expect(harness.fake.calls('POST', /\/check-runs$/)).toEqual([]);
    expect(run.outputs['session-id'] ?? '').toBe('');
  });
});
