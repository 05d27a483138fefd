/**
 * The example workflows are what users copy: every input they give `truss/action@v1` must be one
 * action.yml declares (the runner only warns about an unknown input, and the setting is then silently
 * not there), and the App's dispatch workflow must run the Action with the App's own token, since
 * GitHub lets only the app that created a check run change it. action.yml itself, the examples and
 * the YAML in the docs are parsed as YAML: an unquoted `: ` in an input's description once made
 * action.yml unloadable while a line-by-line reading of it passed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SEVERITY } from '../../src/action/outputs.js';
import { TRUSS_CLI } from '../../src/core/truss-cli.js';
import { builtEntry } from '../helpers/built-dist.js';
import { REPO_ROOT } from '../helpers/cli.js';

const EXAMPLES = join(REPO_ROOT, 'examples/workflows');

interface ActionYml {
  name: string;
  description: string;
  inputs: Record<string, { description?: unknown; default?: unknown; required?: unknown }>;
  outputs: Record<string, { description?: unknown; value?: unknown }>;
  runs: { using: string; steps: Array<{ run?: string; env?: Record<string, string> }> };
}

/** action.yml as the runner reads it: a YAML parse that throws on any error, as GitHub refuses the action. */
function actionYml(): ActionYml {
  return parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as ActionYml;
}

/** The `with:` keys of every `uses: truss/action@…` step of a parsed workflow. */
function trussStepInputs(workflow: { jobs?: Record<string, { steps?: unknown[] }> }): string[][] {
  const steps: string[][] = [];
  for (const job of Object.values(workflow.jobs ?? {})) {
    for (const step of (job.steps ?? []) as Array<{ uses?: string; with?: Record<string, unknown> }>) {
      if (typeof step.uses === 'string' && step.uses.startsWith('truss/action@'))
        steps.push(Object.keys(step.with ?? {}));
    }
  }
  return steps;
}

/** Every fenced ```yaml block of a Markdown file, with the line it starts on. */
function yamlBlocks(file: string): Array<{ line: number; text: string }> {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    text: match[1] as string,
  }));
}

describe('action.yml', () => {
  it('is valid YAML: a composite action whose every input and output is described', () => {
    const action = actionYml();
    expect(action.runs.using).toBe('composite');
    expect(typeof action.name).toBe('string');
    for (const [name, input] of Object.entries(action.inputs))
      expect(typeof input.description, `input ${name}`).toBe('string');
    for (const [name, output] of Object.entries(action.outputs))
      expect(typeof output.description, `output ${name}`).toBe('string');
  });

  it('describes every value the verdict output can take (a `suspended` run was not among them)', () => {
    const description = (actionYml().outputs.verdict as { description: string }).description;
    for (const verdict of SEVERITY) expect(description, verdict).toMatch(new RegExp(`\\b${verdict}\\b`));
    expect(description).toMatch(/Empty when/);
  });

  it('hands every input to the entry as INPUT_<NAME>, and nothing it does not declare', () => {
    const action = actionYml();
    const env = Object.assign({}, ...action.runs.steps.map((step) => step.env ?? {})) as Record<
      string,
      string
    >;
    const passed = Object.entries(env).filter(([key]) => key.startsWith('INPUT_'));
    for (const name of Object.keys(action.inputs)) {
      const key = `INPUT_${name.toUpperCase().replaceAll('-', '_')}`;
      expect(env[key], name).toBe(`\${{ inputs.${name} }}`);
    }
    expect(passed.length).toBe(Object.keys(action.inputs).length);
  });

  it('runs an entry the build ships, so renaming a dist file cannot leave the action starting nothing', () => {
    const entries = actionYml()
      .runs.steps.flatMap((step) => [...(step.run ?? '').matchAll(/\$GITHUB_ACTION_PATH\/dist\/([\w.-]+)/g)])
      .map((match) => match[1] as string);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries)
      expect(existsSync(join(builtEntry('action.cjs'), '..', entry)), entry).toBe(true);
  });
});

describe('YAML users copy', () => {
  it('every example workflow, app.yml, the repository workflows and every yaml block in README.md and docs/ parse', () => {
    const files = [
      ...readdirSync(EXAMPLES)
        .filter((name) => name.endsWith('.yml'))
        .map((name) => join(EXAMPLES, name)),
      ...['app.yml', '.github/workflows/ci.yml', '.github/workflows/truss.yml'].map((name) =>
        join(REPO_ROOT, name),
      ),
    ];
    for (const file of files) expect(() => parse(readFileSync(file, 'utf8')), file).not.toThrow();
    const docs = [
      join(REPO_ROOT, 'README.md'),
      ...readdirSync(join(REPO_ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(REPO_ROOT, 'docs', name)),
    ];
    let blocks = 0;
    for (const file of docs) {
      for (const block of yamlBlocks(file)) {
        blocks++;
        expect(() => parse(block.text), `${file}:${block.line}`).not.toThrow();
      }
    }
    expect(blocks).toBeGreaterThan(0);
  });
});

describe('example workflows', () => {
  const inputs = new Set(Object.keys(actionYml().inputs));

  it('give truss/action only inputs action.yml declares', () => {
    expect(inputs.has('github-token')).toBe(true);
    let checked = 0;
    for (const file of readdirSync(EXAMPLES).filter((name) => name.endsWith('.yml'))) {
      for (const keys of trussStepInputs(parse(readFileSync(join(EXAMPLES, file), 'utf8')))) {
        checked++;
        expect(
          keys.filter((key) => !inputs.has(key)),
          file,
        ).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('never run a bare `npx truss`, which in a user repository fetches whatever npm package is named truss', () => {
    let runs = 0;
    for (const file of readdirSync(EXAMPLES).filter((name) => name.endsWith('.yml'))) {
      const text = readFileSync(join(EXAMPLES, file), 'utf8');
      for (const line of text.split('\n').filter((l) => /\bnpx\b/.test(l) && !/^\s*#/.test(l))) {
        runs++;
        expect(line, file).toContain(TRUSS_CLI);
      }
    }
    expect(runs).toBeGreaterThan(0);
  });

  it('run the gate decisions of one pull request one at a time, and nothing else in their group', () => {
    const workflow = parse(readFileSync(join(EXAMPLES, 'truss-comment.yml'), 'utf8')) as {
      jobs: Record<string, { concurrency?: { group: string; 'cancel-in-progress': boolean } }>;
    };
    const concurrency = workflow.jobs.truss?.concurrency;
    expect(concurrency?.['cancel-in-progress']).toBe(false);
    // The group's expression, evaluated as the runner does: startsWith ignores case, && and || give
    // an operand, format fills {0}.
    const expression = /^\$\{\{(.*)\}\}$/s.exec(concurrency?.group ?? '')?.[1] as string;
    const groupFor = (body: string, issue: number, runId: number): string =>
      new Function('github', 'startsWith', 'format', `return (${expression});`)(
        { event: { comment: { body }, issue: { number: issue } }, run_id: runId },
        (text: string, prefix: string) => text.toLowerCase().startsWith(prefix.toLowerCase()),
        (template: string, ...args: unknown[]) =>
          template.replace(/\{(\d+)\}/g, (_, i) => String(args[Number(i)])),
      );
    expect(groupFor('/truss approve ship it', 7, 101)).toBe('truss-gate-7');
    expect(groupFor('/truss reject', 7, 102)).toBe('truss-gate-7');
    expect(groupFor('/TRUSS Approve', 8, 103)).toBe('truss-gate-8');
    expect(groupFor('/truss run tests', 7, 104)).toBe('truss-comment-104');
    expect(groupFor('/truss status', 7, 105)).toBe('truss-comment-105');
  });

  it("the App's dispatch workflow runs the Action with the App's installation token and names its bot", () => {
    const text = readFileSync(join(EXAMPLES, 'truss-app-dispatch.yml'), 'utf8');
    expect(text).toMatch(/uses: actions\/create-github-app-token@v\d+\n\s+id: app-token/);
    expect(text).toContain('github-token: ${{ steps.app-token.outputs.token }}');
    expect(text).toContain('comment-authors: ${{ steps.app-token.outputs.app-slug }}[bot]');
  });

  it("never lets one of the App's dispatches cancel another: each completes its own queued check", () => {
    // GitHub keeps one pending run per concurrency group and cancels the one a newer run replaces
    // (docs/action.md "Approval gates across jobs"). A cancelled pending dispatch never starts, so the
    // check the App queued for it stays queued for good and its command is lost after the App's 🚀:
    // a third `/truss run lint` (or a Re-run) behind a running one, a `/truss approve` resume, a
    // second `/truss memory` decision (they name no contract). Dispatches share no group.
    const workflow = parse(readFileSync(join(EXAMPLES, 'truss-app-dispatch.yml'), 'utf8')) as {
      concurrency?: { group: string } | string;
      jobs: Record<string, { concurrency?: { group: string } | string }>;
    };
    const groups = [workflow.concurrency, ...Object.values(workflow.jobs).map((job) => job.concurrency)]
      .filter((c) => c !== undefined)
      .map((c) => (typeof c === 'string' ? c : c.group));
    const groupFor = (group: string, inputs: Record<string, string>, runId: number): string => {
      const expression = /^\$\{\{(.*)\}\}$/s.exec(group.trim())?.[1];
      if (expression === undefined)
        return group.replace(/\$\{\{\s*inputs\.(\w+)\s*\}\}/g, (_, name) => inputs[name] ?? '');
      return new Function('inputs', 'github', `return (${expression});`)(inputs, { run_id: runId });
    };
    const dispatches = [
      { pr_number: '7', contract: 'lint', mode: 'run', check_run_id: '1' },
      { pr_number: '7', contract: 'lint', mode: 'run', check_run_id: '2' },
      { pr_number: '7', contract: 'lint', mode: 'resume', check_run_id: '3' },
      { pr_number: '7', contract: '', mode: 'memory', check_run_id: '' },
      { pr_number: '7', contract: '', mode: 'memory', check_run_id: '' },
    ];
    for (const group of groups) {
      const named = dispatches.map((inputs, i) => groupFor(group, inputs, 100 + i));
      expect(new Set(named).size, `${group} puts two dispatches in one group: ${named.join(', ')}`).toBe(
        dispatches.length,
      );
    }
  });
});
