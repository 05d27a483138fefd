import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/action/inputs.js';
import { resolveMode } from '../../src/action/run.js';
import {
  fanoutSessionId,
  legArtifactName,
  legOfArtifact,
  sessionIdOfArtifact,
} from '../../src/github/names.js';

describe('resolveMode', () => {
  it('auto picks by event', () => {
    expect(resolveMode('auto', 'pull_request')).toBe('run');
    expect(resolveMode('auto', 'workflow_dispatch')).toBe('run');
    expect(resolveMode('auto', 'issue_comment')).toBe('comment');
    expect(resolveMode('auto', 'pull_request_review')).toBe('review');
    expect(() => resolveMode('auto', 'release')).toThrow(/does not handle the release event/);
    // Merge queues: a required truss check must report on the queue's commit (docs/action.md "Merge queues").
    expect(resolveMode('auto', 'merge_group')).toBe('run');
    expect(resolveMode('run', 'merge_group')).toBe('run');
    // An event auto does not handle, but whose job is checked out at the commit it is about, says how.
    for (const event of ['schedule', 'release'])
      expect(() => resolveMode('auto', event)).toThrow(
        /, or set `mode: run` to judge the commit this job checked out \(GITHUB_SHA\)$/,
      );
    expect(() => resolveMode('auto', 'workflow_run')).toThrow(/or merge_group \(docs\/action\.md\)$/);
  });

  it('resume resumes, but a comment or review brings its own decision to the gate', () => {
    expect(resolveMode('resume', 'workflow_dispatch')).toBe('resume');
    expect(resolveMode('resume', 'issue_comment')).toBe('comment');
    expect(resolveMode('resume', 'pull_request_review')).toBe('review');
  });

  it('verify and run on a comment are command handling', () => {
    expect(resolveMode('verify', 'issue_comment')).toBe('comment');
    expect(resolveMode('run', 'pull_request')).toBe('run');
  });

  it('run and verify refuse events about another commit than the checkout (workflow_run, check_run, check_suite)', () => {
    for (const event of ['workflow_run', 'check_run', 'check_suite'])
      for (const mode of ['run', 'verify', 'auto'] as const)
        expect(() => resolveMode(mode, event), `${mode} on ${event}`).toThrow(
          new RegExp(`does not (run on|handle) the ${event} event`),
        );
    // A schedule or a push judges exactly the commit it is checked out at.
    expect(resolveMode('run', 'schedule')).toBe('run');
    expect(resolveMode('run', 'push')).toBe('run');
  });

  it('reduce is the job after a matrix of legs, whatever the event', () => {
    expect(resolveMode('reduce', 'pull_request')).toBe('reduce');
    expect(resolveMode('reduce', 'workflow_dispatch')).toBe('reduce');
  });
});

describe('fan-out leg inputs and names', () => {
  const inputs = (values: Record<string, string>) =>
    readInputs((name) => ({ 'github-token': 'ghs_test', ...values })[name] ?? '');

  it('fanout-leg is a whole number from 1; empty is an ordinary run', () => {
    expect(inputs({}).fanoutLeg).toBeNull();
    expect(inputs({ 'fanout-leg': '3' }).fanoutLeg).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'x'])
      expect(() => inputs({ 'fanout-leg': bad })).toThrow(
        /input fanout-leg: fanout-leg must be a whole number from 1/,
      );
    expect(inputs({ mode: 'reduce' }).mode).toBe('reduce');
  });

  it('leg artifacts name their attempt (and eval arm); only the claim is read from the name', () => {
    expect(legArtifactName(3)).toBe('truss-leg-3');
    expect(legArtifactName(2, 'large-1')).toBe('truss-leg-large-1-2');
    expect(legOfArtifact('truss-leg-3')).toEqual({ attempt: 3, arm: null });
    expect(legOfArtifact('truss-leg-large-1-2')).toEqual({ attempt: 2, arm: 'large-1' });
    expect(legOfArtifact('truss-leg-0')).toBeNull();
    expect(legOfArtifact('truss-ledger-abc')).toBeNull();
    expect(sessionIdOfArtifact('truss-leg-3')).toBeNull();
  });

  it('the parent session id is the same for every job of a run and contract, and differs otherwise', () => {
    const run = 'https://github.com/o/r/actions/runs/1';
    const id = fanoutSessionId(run, 'greeting', 'fanout');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(fanoutSessionId(run, 'greeting', 'fanout')).toBe(id);
    expect(fanoutSessionId(`${run}2`, 'greeting', 'fanout')).not.toBe(id);
    expect(fanoutSessionId(run, 'other', 'fanout')).not.toBe(id);
    expect(fanoutSessionId(run, 'greeting', 'eval')).not.toBe(id);
  });
});
