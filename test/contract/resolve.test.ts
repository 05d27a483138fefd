import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ContractOverrides, contractHash } from '../../src/core/contract/index.js';
import { canonicalJson } from '../../src/core/ledger/canonical-json.js';
import { resolveContract, resolveContractSources } from '../../src/github/settings.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';
import { contractError, MINIMAL_CONTRACT } from './helpers.js';

const CONFIG = `reviewers = 5
workflow = "truss.yml"
check_env = ["NPM_TOKEN"]

[provider]
kind = "openai-compatible"
model = "gpt-4.1-mini"
base_url = "http://127.0.0.1:11434/v1"
api_key_env = "OPENAI_API_KEY"

[constraints]
network = "allowlist"
allowlist = ["registry.npmjs.org"]
allow_tools = ["read_file", "write_file", "list_dir", "bash"]

[pricing."gpt-4.1-mini"]
input_per_mtok = 0.4
output_per_mtok = 1.6

[[panel.seats]]
kind = "anthropic"
model = "claude-sonnet-4-5"
api_key_env = "ANTHROPIC_API_KEY"

[[panel.seats]]
kind = "github-models"
model = "openai/gpt-4.1-mini"
`;

const CONTRACT = `reviewers = 3

[contract]
id = "layered"
intent = "Layer the settings."

[[done]]
kind = "check"
desc = "tests pass"
run = "npm test"

[provider]
model = "gpt-4.1"

[constraints]
allow_tools = ["read_file"]
`;

let temp: TempDir;
beforeEach(() => {
  temp = tempDir('resolve');
});
afterEach(() => temp.cleanup());

function resolveTexts(config: string | undefined, contract: string, overrides?: ContractOverrides) {
  const configPath = config === undefined ? undefined : temp.write('.truss/config.toml', config);
  const contractPath = temp.write('.truss/contracts/c.toml', contract);
  return resolveContract({ configPath, contractPath, overrides });
}

/** Issue messages with the temp directory removed from file names. */
function messages(action: () => unknown): string[] {
  const error = contractError(action);
  return error.message.split('\n').map((line) => line.replaceAll(`${temp.dir}/`, ''));
}

describe('layering: config → contract → flags', () => {
  it('lets a provider and panel seats set only in config flow into the contract', () => {
    const { contract, sources } = resolveTexts(CONFIG, MINIMAL_CONTRACT);
    expect(contract.provider).toEqual({
      kind: 'openai-compatible',
      model: 'gpt-4.1-mini',
      base_url: 'http://127.0.0.1:11434/v1',
      api_key_env: 'OPENAI_API_KEY',
    });
    expect(contract.panel.seats).toEqual([
      { kind: 'anthropic', model: 'claude-sonnet-4-5', api_key_env: 'ANTHROPIC_API_KEY' },
      { kind: 'github-models', model: 'openai/gpt-4.1-mini' },
    ]);
    expect(contract.reviewers).toBe(5);
    expect(contract.check_env).toEqual(['NPM_TOKEN']);
    expect(contract.pricing).toEqual({ 'gpt-4.1-mini': { input_per_mtok: 0.4, output_per_mtok: 1.6 } });
    expect(sources).toEqual({
      config: temp.path('.truss/config.toml'),
      contract: temp.path('.truss/contracts/c.toml'),
      flags: [],
    });
  });

  it('keeps config-only keys (workflow) out of the resolved contract', () => {
    const { contract } = resolveTexts(CONFIG, MINIMAL_CONTRACT);
    expect(Object.keys(contract)).not.toContain('workflow');
  });

  it('merges tables key by key with the contract winning, and replaces arrays', () => {
    const { contract } = resolveTexts(CONFIG, CONTRACT);
    expect(contract.reviewers).toBe(3);
    expect(contract.provider).toEqual({
      kind: 'openai-compatible',
      model: 'gpt-4.1',
      base_url: 'http://127.0.0.1:11434/v1',
      api_key_env: 'OPENAI_API_KEY',
    });
    expect(contract.constraints.allow_tools).toEqual(['read_file']);
    expect(contract.constraints.network).toBe('allowlist');
    expect(contract.constraints.allowlist).toEqual(['registry.npmjs.org']);
    expect(contract.constraints.write_scope).toEqual(['.']);
  });

  it('replaces config panel seats with the contract seats (arrays do not concatenate)', () => {
    const contractText = `${MINIMAL_CONTRACT}\n[[panel.seats]]\nkind = "scripted"\nscript = "verdicts.json"\n`;
    const { contract } = resolveTexts(CONFIG, contractText);
    expect(contract.panel.seats).toEqual([{ kind: 'scripted', script: 'verdicts.json' }]);
  });

  it('applies flags last', () => {
    const { contract, sources } = resolveTexts(CONFIG, CONTRACT, {
      reviewers: 7,
      provider: { kind: 'anthropic', model: 'claude-opus-4-1', base_url: 'https://api.anthropic.com' },
      intent: 'Do it differently.',
    });
    expect(contract.reviewers).toBe(7);
    expect(contract.provider).toEqual({
      kind: 'anthropic',
      model: 'claude-opus-4-1',
      base_url: 'https://api.anthropic.com',
      api_key_env: 'OPENAI_API_KEY',
    });
    expect(contract.contract.intent).toBe('Do it differently.');
    expect(contract.contract.id).toBe('layered');
    expect(sources.flags).toEqual(['--reviewers', '--provider', '--model', '--base-url', '--intent']);
  });

  it('ignores undefined flag fields', () => {
    const { contract, sources } = resolveTexts(CONFIG, CONTRACT, {
      reviewers: undefined,
      provider: { kind: undefined, model: 'm2' },
      intent: undefined,
    });
    expect(contract.reviewers).toBe(3);
    expect(contract.provider?.kind).toBe('openai-compatible');
    expect(contract.provider?.model).toBe('m2');
    expect(sources.flags).toEqual(['--model']);
  });

  it('works without a config and fills every default', () => {
    const { contract, sources } = resolveTexts(undefined, MINIMAL_CONTRACT);
    expect(sources.config).toBeNull();
    expect(contract).toEqual({
      reviewers: 3,
      contract: { id: 'minimal', intent: 'Say hello.' },
      done: [{ kind: 'review', desc: 'it says hello', reviewer_context: [] }],
      executor: { kind: 'none', args: [], clear_env: [], prompt_via: 'stdin' },
      budget: {},
      constraints: {
        write_scope: ['.'],
        read_scope: ['.'],
        network: 'none',
        allowlist: [],
        allow_tools: ['read_file', 'write_file', 'list_dir', 'bash'],
        forbidden: [],
      },
      approval_gates: { enabled: false, high_risk_tools: [] },
      panel: { seats: [] },
      pricing: {},
      check_env: [],
      unverifiable: 'failure',
    });
  });

  it('does not let config defaults of a partial table override the contract (executor kind)', () => {
    const config = '[executor]\nkind = "delegated-cli"\ncommand = "claude"\n';
    const contractText = `${MINIMAL_CONTRACT}\n[executor]\nargs = ["-p"]\n`;
    const { contract } = resolveTexts(config, contractText);
    expect(contract.executor).toEqual({
      kind: 'delegated-cli',
      command: 'claude',
      args: ['-p'],
      clear_env: [],
      prompt_via: 'stdin',
    });
  });

  it('resolves texts held in memory the same way as files', () => {
    const fromFiles = resolveTexts(CONFIG, CONTRACT);
    const fromTexts = resolveContractSources({
      config: { file: 'config.toml', text: CONFIG },
      contract: { file: 'c.toml', text: CONTRACT },
    });
    expect(fromTexts.contract).toEqual(fromFiles.contract);
    expect(fromTexts.hash).toBe(fromFiles.hash);
  });
});

describe('errors across layers', () => {
  it('names the flag for a bad override', () => {
    expect(messages(() => resolveTexts(CONFIG, CONTRACT, { reviewers: 0 }))).toEqual([
      '--reviewers: reviewers: must be at least 1',
    ]);
    expect(
      messages(() =>
        resolveTexts(CONFIG, CONTRACT, {
          provider: { kind: 'gpt', base_url: 'nope' },
          intent: '  ',
          reviewers: 16,
        }),
      ),
    ).toEqual([
      '--reviewers: reviewers: must be at most 15',
      '--intent: contract.intent: must not be empty',
      '--provider: provider.kind: must be one of "anthropic", "openai-compatible", "github-models", "scripted"',
      '--base-url: provider.base_url: must be a URL, e.g. "https://api.example.com/v1"',
    ]);
  });

  it('a mistyped choice suggests the closest one, never repeating what was written', () => {
    expect(messages(() => resolveTexts(CONFIG, CONTRACT, { provider: { kind: 'antrhopic' } }))).toEqual([
      '--provider: provider.kind: must be one of "anthropic", "openai-compatible", "github-models", "scripted" (did you mean "anthropic"?)',
    ]);
    const typo = `${CONTRACT}\n[executor]\nkind = "in-lop"\n`;
    expect(messages(() => resolveTexts(CONFIG, typo, {})).join('\n')).toContain('(did you mean "in-loop"?)');
  });

  it('places a problem that only appears after merging in the file that wrote the table', () => {
    // Neither file is wrong on its own, but no layer says which provider kind to use.
    const config = '[provider]\nmodel = "gpt-4.1-mini"\n';
    expect(messages(() => resolveTexts(config, MINIMAL_CONTRACT))).toEqual([
      '.truss/config.toml:1:1: provider.kind: missing required key; add kind = "..." to [provider] ' +
        '(one of "anthropic", "openai-compatible", "github-models", "scripted")',
    ]);
    // With a contract [provider] table, the contract is the better place to fix it.
    const contractText = `${MINIMAL_CONTRACT}\n[provider]\nbase_url = "https://example.com/v1"\n`;
    expect(messages(() => resolveTexts(config, contractText))).toEqual([
      '.truss/contracts/c.toml:9:1: provider.kind: missing required key; add kind = "..." to [provider] ' +
        '(one of "anthropic", "openai-compatible", "github-models", "scripted")',
    ]);
    // When only flags mention a provider, the missing kind is the --provider flag.
    expect(messages(() => resolveTexts(undefined, MINIMAL_CONTRACT, { provider: { model: 'm' } }))).toEqual([
      '--provider: provider.kind: missing required key; add kind = "..." to [provider] ' +
        '(one of "anthropic", "openai-compatible", "github-models", "scripted")',
    ]);
  });

  it('reports every problem in config and contract together, config first', () => {
    const config = 'reviewers = "many"\nworkflow = ""\n[contract]\nid = "x"\n';
    const contractText = 'bogus = 1\n[contract]\nid = "x"\nintent = "y"\n';
    const error = contractError(() => resolveTexts(config, contractText));
    expect(error.code).toBe('invalid');
    expect(error.message.replaceAll(`${temp.dir}/`, '').split('\n')).toEqual([
      '.truss/config.toml:1:1: reviewers: expected number, got string',
      '.truss/config.toml:2:1: workflow: must not be empty',
      '.truss/config.toml:3:1: contract: unknown key "contract"; allowed keys at the top level: reviewers, ' +
        'executor, budget, constraints, approval_gates, provider, panel, pricing, check_env, unverifiable, checks, sandbox, mcp, tools, memory, workflow, app',
      '.truss/contracts/c.toml:1:1: done: a contract needs at least one [[done]] clause; add a [[done]] table ' +
        'with kind = "check" or "review"',
      '.truss/contracts/c.toml:1:1: bogus: unknown key "bogus"; allowed keys at the top level: reviewers, ' +
        'executor, budget, constraints, approval_gates, provider, panel, pricing, check_env, unverifiable, checks, sandbox, mcp, tools, memory, contract, fanout, done',
    ]);
    expect(error.file).toBe(temp.path('.truss/config.toml'));
  });

  it('reports TOML syntax errors of both files at once', () => {
    const error = contractError(() => resolveTexts('reviewers = = 3\n', '[contract\n'));
    expect(error.code).toBe('toml_syntax');
    expect(error.issues.map((i) => [i.file.replace(`${temp.dir}/`, ''), i.line])).toEqual([
      ['.truss/config.toml', 1],
      ['.truss/contracts/c.toml', 1],
    ]);
  });

  it('rejects a key pasted into api_key_env of the config without echoing it', () => {
    const secret = 'sk-live-0123456789abcdefghij';
    const config = `[provider]\nkind = "anthropic"\napi_key_env = "${secret}"\n\n[[panel.seats]]\nkind = "anthropic"\napi_key_env = "${'A'.repeat(65)}"\n`;
    const error = contractError(() => resolveTexts(config, MINIMAL_CONTRACT));
    expect(error.issues.map((i) => `${i.line}:${i.col} ${i.path}`)).toEqual([
      '3:1 provider.api_key_env',
      '7:1 panel.seats[0].api_key_env',
    ]);
    expect(error.message).toContain('never the key itself; the value is not shown');
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain('A'.repeat(65));
  });

  it('refuses a web_search endpoint or MCP url with a credential in its query string, without echoing it', () => {
    const secret = 'AIzaLiveSecret0123456789';
    const contractText =
      `${MINIMAL_CONTRACT}\n[tools.web_search]\nendpoint = "https://www.googleapis.com/customsearch/v1?cx=abc&key=${secret}"\n\n` +
      `[[mcp.servers]]\nname = "remote"\ntransport = "http"\nurl = "https://mcp.example.com/rpc?access_token=${secret}"\n\n` +
      `[[mcp.servers]]\nname = "plain"\ntransport = "http"\nurl = "https://mcp.example.com/rpc?region=eu"\n`;
    const error = contractError(() => resolveTexts(CONFIG, contractText));
    expect(error.issues.map((i) => `${i.file.replace(`${temp.dir}/`, '')} ${i.path}`)).toEqual([
      '.truss/contracts/c.toml tools.web_search.endpoint',
      '.truss/contracts/c.toml mcp.servers[0].url',
    ]);
    expect(error.message).toContain('must not carry a credential in its query string (key=…)');
    expect(error.message).toContain('(access_token=…)');
    expect(error.message).not.toContain(secret);
  });

  it('refuses a URL carrying a credential before the contract is signed, without echoing it', () => {
    // The resolved contract goes into run_started, the bundle and the HTML report: the factory's
    // later refusal of the same base_url came after the credential was already published there.
    const secret = 'hunter2secretpw';
    const config = `[provider]\nkind = "openai-compatible"\nbase_url = "https://u:${secret}@llm.example/v1"\n\n[[panel.seats]]\nkind = "openai-compatible"\nbase_url = "https://llm.example/v1?api-key=${secret}"\n`;
    const contractText = `${MINIMAL_CONTRACT}\n[tools.web_search]\nendpoint = "https://u:${secret}@search.example/q"\n`;
    const error = contractError(() => resolveTexts(config, contractText));
    expect(error.issues.map((i) => `${i.file.replace(`${temp.dir}/`, '')} ${i.path}`)).toEqual([
      '.truss/config.toml provider.base_url',
      '.truss/config.toml panel.seats[0].base_url',
      '.truss/contracts/c.toml tools.web_search.endpoint',
    ]);
    expect(error.message).not.toContain(secret);
    // The Action's base-url input and truss run --base-url: the same refusal, naming the flag.
    const flagged = messages(() =>
      resolveTexts(CONFIG, CONTRACT, { provider: { base_url: `https://${secret}@llm.example/v1` } }),
    );
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatch(/^--base-url: provider\.base_url: must not carry credentials/);
    expect(flagged.join('')).not.toContain(secret);
  });

  it('reports a missing config or contract file', () => {
    const contractPath = temp.write('c.toml', MINIMAL_CONTRACT);
    const error = contractError(() => resolveContract({ configPath: temp.path('nope.toml'), contractPath }));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe(`${temp.path('nope.toml')}: file not found`);
  });
});

describe('contract_hash', () => {
  it('is sha256 of the canonical JSON of the resolved contract', () => {
    const { contract, hash } = resolveTexts(CONFIG, CONTRACT);
    expect(hash).toBe(createHash('sha256').update(canonicalJson(contract)).digest('hex'));
    expect(contractHash(contract)).toBe(hash);
  });

  it('does not depend on key order, TOML spelling, comments or layering when the content is the same', () => {
    const kind = '[provider]\nkind = "anthropic"\n';
    const a = resolveTexts(kind, CONTRACT).hash;
    const spelled = `# same contract, different spelling
reviewers = 3
[constraints]
allow_tools = [
  "read_file",   # only this one
]

[[done]]
run = 'npm test'
desc = "tests pass"
kind = "check"
expect_exit = 0          # the default, written out

provider = { model = "gpt-4.1" }

[contract]
intent = """Layer the settings."""
id = "layered"
`.replace('provider = { model = "gpt-4.1" }\n', '');
    expect(resolveTexts(kind, `${spelled}\n[provider]\nmodel = "gpt-4.1"\n`).hash).toBe(a);
    // The same values supplied by the config instead of the contract...
    const config = 'reviewers = 3\n[provider]\nkind = "anthropic"\nmodel = "gpt-4.1"\n';
    const contractText = CONTRACT.replace('reviewers = 3\n', '').replace(
      '[provider]\nmodel = "gpt-4.1"\n',
      '',
    );
    expect(resolveTexts(config, contractText).hash).toBe(a);
    // ...or by flags, with no config at all.
    const flagged = resolveTexts(undefined, CONTRACT.replace('model = "gpt-4.1"', 'model = "other"'), {
      provider: { kind: 'anthropic', model: 'gpt-4.1' },
    });
    expect(flagged.hash).toBe(a);
  });

  it('changes when any field changes', () => {
    const base = resolveTexts(CONFIG, CONTRACT).hash;
    const variants: [string, string | undefined, string, ContractOverrides?][] = [
      ['reviewers', CONFIG, CONTRACT.replace('reviewers = 3', 'reviewers = 4')],
      ['intent', CONFIG, CONTRACT.replace('Layer the settings.', 'Layer the settings!')],
      ['id', CONFIG, CONTRACT.replace('id = "layered"', 'id = "layered2"')],
      ['done desc', CONFIG, CONTRACT.replace('desc = "tests pass"', 'desc = "tests pass."')],
      ['expect_exit', CONFIG, CONTRACT.replace('run = "npm test"', 'run = "npm test"\nexpect_exit = 1')],
      ['timeout', CONFIG, CONTRACT.replace('run = "npm test"', 'run = "npm test"\ntimeout_sec = 301')],
      ['array order', CONFIG, CONTRACT.replace('["read_file"]', '["read_file", "bash"]')],
      ['config pricing', CONFIG.replace('output_per_mtok = 1.6', 'output_per_mtok = 1.7'), CONTRACT],
      ['config seat', CONFIG.replace('claude-sonnet-4-5', 'claude-opus-4-1'), CONTRACT],
      ['config base_url', CONFIG.replace('11434', '11435'), CONTRACT],
      ['flag reviewers', CONFIG, CONTRACT, { reviewers: 2 }],
      ['flag model', CONFIG, CONTRACT, { provider: { model: 'gpt-4o' } }],
      ['flag intent', CONFIG, CONTRACT, { intent: 'Something else.' }],
    ];
    const seen = new Map<string, string>([[base, 'base']]);
    for (const [label, config, contractText, overrides] of variants) {
      const { hash } = resolveTexts(config, contractText, overrides);
      expect(seen.get(hash), `${label} collides with ${seen.get(hash)}`).toBeUndefined();
      seen.set(hash, label);
    }
  });

  it('is reproducible across calls', () => {
    expect(resolveTexts(CONFIG, CONTRACT).hash).toBe(resolveTexts(CONFIG, CONTRACT).hash);
  });
});
