import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpServer } from '../fixtures/mcp/server.mjs';
import { ActionHarness, createdCheckRuns, pullRequestPayload } from '../helpers/action-harness.js';
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

  it("a fork PR without the secret an http server's env_headers name ends UNVERIFIABLE, saying which variable; nothing reaches the server or the model", async () => {
    const server = await startHttpServer({ requireAuth: 'Bearer never-sent' });
    try {
      const workspace = harness.headWorkspace();
      const agent = harness.fixture(
        'agent.json',
        JSON.stringify({ responses: [{ content: [{ type: 'text', text: 'never asked' }] }] }),
        workspace,
      );
      harness.baseContract = `${BASE_CONTRACT}
[executor]
kind = "in-loop"

[provider]
kind = "scripted"
script = ${JSON.stringify(agent)}

[constraints]
allow_tools = ["write_file", "mcp__remote__*"]
network = "allowlist"
allowlist = ["127.0.0.1"]

[[mcp.servers]]
name = "remote"
transport = "http"
url = ${JSON.stringify(server.url)}

[mcp.servers.env_headers]
authorization = "REMOTE_MCP_TOKEN"
`;
      const payload = pullRequestPayload(harness.headSha, harness.baseSha) as {
        pull_request: { head: { repo: { full_name: string } } };
      };
      payload.pull_request.head.repo.full_name = 'someone/Hello-World';
      // A fork's workflow gets no secrets: no signing key, no REMOTE_MCP_TOKEN.
      const run = await harness.run({
        eventName: 'pull_request',
        payload: payload as unknown as Record<string, unknown>,
        workspace,
        env: { INPUT_SIGNING_KEY: '' },
      });
      const output = run.stdout + run.stderr;
      // The step fails on UNVERIFIABLE (fail-on default), as a verdict, not as a crash.
      expect(run.code, output).toBe(1);
      expect(output).toContain('pull request from a fork');
      expect(output).toContain('greeting-0001 UNVERIFIABLE');
      expect(output).not.toMatch(/\n\s+at /);
      expect(run.outputs.verdict).toBe('unverifiable');
      expect(server.seen).toEqual([]);

      const [check] = createdCheckRuns(harness.fake, 'truss / greeting-0001');
      expect(check).toBeDefined();
      const completed = harness.checkRuns.find((c) => c.name === 'truss / greeting-0001');
      expect(completed?.conclusion).not.toBe('success');
      expect(completed?.output?.summary ?? '').toMatch(/unverifiable/i);
      // The reason reaches the pull request: the check run and the sticky comment name the variable.
      // (Markdown-escaped there: REMOTE\_MCP\_TOKEN.)
      const reason = 'needs the environment variable REMOTE\\_MCP\\_TOKEN';
      expect(completed?.output?.summary).toContain(reason);
      expect(completed?.output?.summary).toContain('secrets are not available to pull requests from forks');
      expect(harness.comments.map((c) => c.body).join('\n')).toContain(reason);
      const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8')) as {
        ledger: { entries: { kind: string; payload: Record<string, unknown> }[] };
        verdict: { overall: string; clauses: { status: string; reason: string }[] };
      };
      const kinds = bundle.ledger.entries.map((e) => e.kind);
      expect(kinds).not.toContain('model_call');
      expect(kinds).not.toContain('run_failed');
      for (const clause of bundle.verdict.clauses) {
        expect(clause.status).toBe('unverifiable');
        expect(clause.reason).toContain('REMOTE_MCP_TOKEN');
        expect(clause.reason).toContain('not set');
      }
      // No entry journals the URL beyond the contract run_started records as declared.
      const rest = bundle.ledger.entries.filter((e) => e.kind !== 'run_started');
      expect(JSON.stringify(rest)).not.toContain(server.url);
    } finally {
      await server.close();
    }
  });
});
