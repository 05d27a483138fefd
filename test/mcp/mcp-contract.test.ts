import { describe, expect, it } from 'vitest';
import {
  ContractError,
  checkMcpPinning,
  resolveContractSources,
  unpinnedReason,
} from '../../src/core/contract/index.js';
import { contractError, MINIMAL_CONTRACT } from '../contract/helpers.js';

const CONFIG = { file: '.truss/config.toml' };

function resolve(contractText: string, configText?: string) {
  return resolveContractSources({
    contract: { file: 'contract.toml', text: contractText },
    ...(configText === undefined ? {} : { config: { ...CONFIG, text: configText } }),
  });
}

/** The error lines of resolving `mcp` (appended to a minimal contract), as file:line:col: path: message. */
function problems(mcp: string): string[] {
  return contractError(() => resolve(`${MINIMAL_CONTRACT}\n${mcp}`)).message.split('\n');
}

const LINES = MINIMAL_CONTRACT.split('\n').length;

describe('[[mcp.servers]] in contracts and .truss/config.toml', () => {
  it('resolves stdio and http servers with their defaults; the contract hash covers them', () => {
    const { contract, hash } = resolve(`${MINIMAL_CONTRACT}
[[mcp.servers]]
name = "files"
command = "node"
args = ["server.mjs"]
allow_tools = ["read_*"]

[[mcp.servers]]
name = "remote-search"
transport = "http"
url = "https://mcp.example.com/rpc"
budget_calls = 5
timeout_sec = 30

[mcp.servers.env_headers]
authorization = "REMOTE_MCP_TOKEN"
`);
    expect(contract.mcp?.servers).toEqual([
      { name: 'files', transport: 'stdio', command: 'node', args: ['server.mjs'], allow_tools: ['read_*'] },
      {
        name: 'remote-search',
        transport: 'http',
        url: 'https://mcp.example.com/rpc',
        budget_calls: 5,
        timeout_sec: 30,
        env_headers: { authorization: 'REMOTE_MCP_TOKEN' },
      },
    ]);
    expect(hash).not.toBe(resolve(MINIMAL_CONTRACT).hash);
    // A contract without servers resolves exactly as before (no mcp key, same hash shape).
    expect(resolve(MINIMAL_CONTRACT).contract).not.toHaveProperty('mcp');
  });

  it('takes the servers from the config unless the contract declares its own list (arrays replace)', () => {
    const config = `
[[mcp.servers]]
name = "from-config"
command = "node"
`;
    expect(resolve(MINIMAL_CONTRACT, config).contract.mcp?.servers.map((s) => s.name)).toEqual([
      'from-config',
    ]);
    const own = `${MINIMAL_CONTRACT}
[[mcp.servers]]
name = "from-contract"
command = "node"
`;
    expect(resolve(own, config).contract.mcp?.servers.map((s) => s.name)).toEqual(['from-contract']);
  });

  it('reports malformed servers at file:line:col with what to do', () => {
    const lines = problems(`
[[mcp.servers]]
name = "no__double"
transport = "stdio"

[[mcp.servers]]
name = "web"
transport = "http"
command = "node"
url = "ftp://example.com/x"

[[mcp.servers]]
name = "web"
transport = "carrier-pigeon"
budget_calls = 0
`);
    const at = (offset: number) => `contract.toml:${LINES + 1 + offset}`;
    expect(lines).toEqual([
      `${at(1)}:1: mcp.servers[0].command: missing required key; add command = "..." (the program that serves MCP over stdio)`,
      `${at(2)}:1: mcp.servers[0].name: must be letters and digits, optionally joined by single "-" or "_" (it becomes part of mcp__<server>__<tool>)`,
      `${at(8)}:1: mcp.servers[1].command: is for transport = "stdio"; remove it from an http server`,
      `${at(9)}:1: mcp.servers[1].url: must be an http:// or https:// URL`,
      `${at(13)}:1: mcp.servers[2].transport: must be one of "stdio", "http"`,
      `${at(14)}:1: mcp.servers[2].budget_calls: must be greater than 0`,
    ]);
    expect(
      problems(`
[[mcp.servers]]
name = "web"
command = "a"

[[mcp.servers]]
name = "web"
command = "b"
`),
    ).toEqual([
      `${at(6)}:1: mcp.servers[1].name: the server name "web" is declared twice; names must be unique`,
    ]);
  });

  it('refuses credentials written in the file, without repeating them', () => {
    const lines = problems(`
[[mcp.servers]]
name = "remote"
transport = "http"
url = "https://user:hunter2-secret@mcp.example.com/rpc"

[mcp.servers.headers]
Authorization = "Bearer sk-live-abcdef0123456789"

[mcp.servers.env_headers]
"x-api-key" = "sk-live-not-a-name"
`);
    const text = lines.join('\n');
    expect(text).toContain('mcp.servers[0].url: must not carry credentials');
    expect(text).toContain(
      'mcp.servers[0].headers.Authorization: carries a credential and must not be written in a file',
    );
    expect(text).toContain('mcp.servers[0].env_headers.x-api-key: must be an environment variable name');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('sk-live');
  });

  it('refuses a header whose name says it carries a credential (X-Auth-Token, Private-Token, …) written in the file', () => {
    const lines = problems(`
[[mcp.servers]]
name = "remote"
transport = "http"
url = "https://mcp.example.com/rpc"

[mcp.servers.headers]
"X-Auth-Token" = "tok-live-0123456789"
"Private-Token" = "glpat-live-0123456789"
"X-Goog-Api-Key" = "AIza-live-0123456789"
"Ocp-Apim-Subscription-Key" = "sub-live-0123456789"
"X-Client" = "truss-tests"
`);
    const text = lines.join('\n');
    for (const name of ['X-Auth-Token', 'Private-Token', 'X-Goog-Api-Key', 'Ocp-Apim-Subscription-Key'])
      expect(text).toContain(
        `mcp.servers[0].headers.${name}: carries a credential and must not be written in a file`,
      );
    expect(text).not.toContain('X-Client');
    expect(text).not.toContain('-live-');
  });

  it('refuses granting the harness credentials to a stdio server', () => {
    const text = problems(`
[[mcp.servers]]
name = "gh"
command = "gh-mcp"
env = ["GITHUB_TOKEN"]
`).join('\n');
    expect(text).toContain(
      'mcp.servers[0].env[0]: GITHUB_TOKEN is never passed to checks, tools or agent CLIs',
    );
  });
});

describe('pinning stdio servers', () => {
  const server = (command: string, args: string[]) => ({
    name: 's',
    transport: 'stdio' as const,
    command,
    args,
  });

  it.each([
    ['npx', ['-y', '@modelcontextprotocol/server-github']],
    ['npx', ['some-server@latest']],
    ['npx', ['some-server@^1.2.0']],
    ['npx', ['--package', 'some-server', 'some-bin']],
    ['/usr/bin/npx', ['some-server']],
    ['pnpm', ['dlx', 'some-server']],
    ['npm', ['exec', 'some-server']],
    ['uvx', ['mcp-server-fetch']],
    ['uvx', ['--from', 'mcp-server-fetch>=1', 'mcp-server-fetch']],
    ['pipx', ['run', 'mcp-server-fetch']],
    ['docker', ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server']],
    ['docker', ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server:v1.0.0']],
  ])('refuses %s %j', (command, args) => {
    expect(unpinnedReason(server(command, args))).toMatch(/MCP server "s" \(`.+`\) (runs|names)/);
  });

  it.each([
    ['npx', ['-y', '@modelcontextprotocol/server-github@2025.4.8']],
    ['npx', ['some-server@1.2.3', '--flag']],
    ['npx', ['--package=some-server@1.2.3', 'some-bin']],
    ['bunx', ['some-server@0.3.1-beta.2']],
    ['uvx', ['mcp-server-fetch==2025.1.17']],
    ['uvx', ['--from', 'mcp-server-fetch==1.0', 'mcp-server-fetch']],
    ['pipx', ['run', '--spec', 'mcp-server-fetch==1.0', 'mcp-server-fetch']],
    ['docker', ['run', '-i', '--rm', `ghcr.io/github/github-mcp-server@sha256:${'ab'.repeat(32)}`]],
    ['node', ['tools/server.mjs']],
    ['./bin/my-server', []],
  ])('accepts %s %j', (command, args) => {
    expect(unpinnedReason(server(command, args))).toBeNull();
  });

  it('the Action refuses an unpinned server at the command’s file:line:col; the CLI gets warnings', () => {
    const text = `${MINIMAL_CONTRACT}
[[mcp.servers]]
name = "ok"
command = "node"

[[mcp.servers]]
name = "gh"
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
`;
    const source = { file: '.truss/contracts/gh.toml', text };
    const { contract } = resolveContractSources({ contract: source });
    const warnings = checkMcpPinning(contract, 'warn', { contract: source });
    expect(warnings).toEqual([
      expect.stringContaining(
        'MCP server "gh" (`npx -y @modelcontextprotocol/server-github`) runs "@modelcontextprotocol/server-github" without an exact version',
      ),
    ]);
    const error = contractError(() => checkMcpPinning(contract, 'refuse', { contract: source }));
    expect(error).toBeInstanceOf(ContractError);
    expect(error.message).toMatch(
      new RegExp(
        `^\\.truss/contracts/gh\\.toml:${LINES + 7}:1: mcp\\.servers\\[1\\]\\.command: MCP server "gh"`,
      ),
    );
    expect(error.message).toContain('unpinned MCP servers are refused in the Action');

    // Declared in the config: the position is in the config file.
    const config = {
      file: '.truss/config.toml',
      text: '\n[[mcp.servers]]\nname = "gh"\ncommand = "npx"\nargs = ["x"]\n',
    };
    const layered = resolveContractSources({ contract: { file: 'c.toml', text: MINIMAL_CONTRACT }, config });
    const fromConfig = contractError(() =>
      checkMcpPinning(layered.contract, 'refuse', {
        contract: { file: 'c.toml', text: MINIMAL_CONTRACT },
        config,
      }),
    );
    expect(fromConfig.message).toMatch(/^\.truss\/config\.toml:4:1: mcp\.servers\[0\]\.command: /);
  });
});
