/**
 * The GitHub-only keys (`unverifiable`, `workflow`, `[app]`) belong to the github layer: core's
 * contract format refuses them as unknown, the GitHub format parses them, places a malformed one
 * at file:line:col like any core key, and keeps the contract hash a contract had before the keys
 * moved out of core.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CORE_CONTRACT_FORMAT,
  parseConfigToml as coreParseConfigToml,
  resolveContractSources as coreResolve,
  defineContractFormat,
} from '../../src/core/contract/index.js';
import { canonicalJson } from '../../src/core/ledger/canonical-json.js';
import { readRecordedContract } from '../../src/core/run/index.js';
import {
  appReviewComments,
  GITHUB_CONTRACT_FORMAT,
  githubSettings,
  parseConfigToml,
  resolveContractSources,
} from '../../src/github/settings.js';
import { contractError, MINIMAL_CONTRACT } from '../contract/helpers.js';
import { openRunStore } from '../helpers/agent-kit.js';
import { SESSION_KEY } from '../helpers/ledger-kit.js';

const contract = (text: string) => ({ file: '.truss/contracts/c.toml', text });
const config = (text: string) => ({ file: '.truss/config.toml', text });

describe('core knows nothing of the GitHub keys', () => {
  it('refuses unverifiable in a contract and workflow / [app] in the config as unknown keys', () => {
    const error = contractError(() =>
      coreResolve({
        config: config('workflow = "truss.yml"\n[app]\nworkflow = "truss.yml"\n'),
        contract: contract(`unverifiable = "neutral"\n${MINIMAL_CONTRACT}`),
      }),
    );
    expect(error.issues.map((i) => `${i.file}:${i.line}:${i.col} ${i.path}`)).toEqual([
      '.truss/config.toml:1:1 workflow',
      '.truss/config.toml:2:1 app',
      '.truss/contracts/c.toml:1:1 unverifiable',
    ]);
    expect(error.issues[2]?.message).toMatch(/^unknown key "unverifiable"; allowed keys at the top level: /);
    expect(error.issues[2]?.message).not.toMatch(/allowed keys.*\bunverifiable\b/);
  });

  it('leaves unverifiable out of a contract resolved with core keys alone', () => {
    const { contract: resolved } = coreResolve({ contract: contract(MINIMAL_CONTRACT) });
    expect(Object.keys(resolved)).not.toContain('unverifiable');
    // The github layer reads the default for a contract that carries no GitHub settings.
    expect(githubSettings(resolved)).toEqual({ unverifiable: 'failure' });
  });

  it('refuses a host that redefines a core key', () => {
    expect(() =>
      defineContractFormat({
        layered: { written: {}, resolved: {} },
        configOnly: { reviewers: CORE_CONTRACT_FORMAT.config },
      }),
    ).toThrow('host key "reviewers" is already defined');
  });
});

describe('the GitHub contract format', () => {
  it('layers unverifiable config → contract and hands it to the github layer', () => {
    const fromConfig = resolveContractSources({
      config: config('unverifiable = "neutral"\n'),
      contract: contract(MINIMAL_CONTRACT),
    });
    expect(githubSettings(fromConfig.contract)).toEqual({ unverifiable: 'neutral' });
    const overridden = resolveContractSources({
      config: config('unverifiable = "neutral"\n'),
      contract: contract(`unverifiable = "failure"\n${MINIMAL_CONTRACT}`),
    });
    expect(githubSettings(overridden.contract)).toEqual({ unverifiable: 'failure' });
    expect(overridden.hash).not.toBe(fromConfig.hash);
  });

  it('keeps the contract hash it had while core defined unverifiable (default recorded as "failure")', () => {
    const core = coreResolve({ contract: contract(MINIMAL_CONTRACT) });
    const github = resolveContractSources({ contract: contract(MINIMAL_CONTRACT) });
    expect(github.contract).toEqual({ ...core.contract, unverifiable: 'failure' });
    const expected = createHash('sha256')
      .update(canonicalJson({ ...core.contract, unverifiable: 'failure' }))
      .digest('hex');
    expect(github.hash).toBe(expected);
  });

  it('keeps workflow and [app] config-only: read from the config, never in the resolved contract', () => {
    const text = 'workflow = "legacy"\n[app]\nworkflow = "ci-truss.yaml"\n';
    expect(parseConfigToml(text, '.truss/config.toml')).toMatchObject({
      workflow: 'legacy',
      app: { workflow: 'ci-truss.yaml' },
    });
    expect(() => coreParseConfigToml(text, '.truss/config.toml')).toThrow(/unknown key "workflow"/);
    const { contract: resolved } = resolveContractSources({
      config: config(text),
      contract: contract(MINIMAL_CONTRACT),
    });
    expect(Object.keys(resolved)).not.toContain('app');
    expect(Object.keys(resolved)).not.toContain('workflow');
  });

  it('names file:line:col for a malformed GitHub key, in the contract and in the config', () => {
    const error = contractError(() =>
      resolveContractSources({
        config: config('reviewers = 3\n\n[app]\nworkflow = "deploy.sh"\nworkflw = "x.yml"\n'),
        contract: contract(`# how GitHub shows it\nunverifiable = "maybe"\n${MINIMAL_CONTRACT}`),
      }),
    );
    expect(error.message.split('\n')).toEqual([
      '.truss/config.toml:4:1: app.workflow: must be a workflow file name in .github/workflows/, e.g. "truss.yml"',
      '.truss/config.toml:5:1: app.workflw: unknown key "workflw" (did you mean "workflow"?); allowed keys in [app]: workflow, review_comments',
      '.truss/contracts/c.toml:2:1: unverifiable: must be one of "failure", "neutral"',
    ]);
    expect(() => parseConfigToml('workflow = ""\n', 'cfg.toml')).toThrow(
      'cfg.toml:1:1: workflow: must not be empty',
    );
  });

  it('resumes a recorded GitHub contract only with the GitHub format', () => {
    const run = openRunStore();
    try {
      const { contract: resolved, hash } = resolveContractSources({
        contract: contract(`unverifiable = "neutral"\n${MINIMAL_CONTRACT}`),
      });
      const session = run.store.createSession({ signer: SESSION_KEY, codeVersion: 'test' });
      run.store.append(session.id, 'run_started', { contract: resolved, contract_hash: hash }, SESSION_KEY);
      const recorded = readRecordedContract(run.store, session.id, GITHUB_CONTRACT_FORMAT);
      expect(recorded.contractHash).toBe(hash);
      expect(githubSettings(recorded.contract)).toEqual({ unverifiable: 'neutral' });
      expect(() => readRecordedContract(run.store, session.id)).toThrow(/does not parse with this truss/);
    } finally {
      run.close();
    }
  });
});

describe('[app] review_comments', () => {
  it('turns inline review comments on for runs the App dispatches; absent or false leaves them off', () => {
    const config = (text: string) => ({ file: '.truss/config.toml', text });
    expect(appReviewComments(config('[app]\nreview_comments = true\n'))).toBe(true);
    expect(appReviewComments(config('[app]\nreview_comments = false\n'))).toBe(false);
    expect(appReviewComments(config('reviewers = 3\n'))).toBe(false);
    expect(appReviewComments(undefined)).toBe(false);
    expect(() => appReviewComments(config('[app]\nreview_comments = "yes"\n'))).toThrow(
      /\.truss\/config\.toml:2:\d+: app\.review_comments/,
    );
  });
});
