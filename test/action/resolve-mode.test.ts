import { describe, expect, it } from 'vitest';
import { resolveMode } from '../../src/action/run.js';

describe('resolveMode', () => {
  it('auto picks by event', () => {
    expect(resolveMode('auto', 'pull_request')).toBe('run');
    expect(resolveMode('auto', 'workflow_dispatch')).toBe('run');
    expect(resolveMode('auto', 'issue_comment')).toBe('comment');
    expect(resolveMode('auto', 'pull_request_review')).toBe('review');
    expect(() => resolveMode('auto', 'release')).toThrow(/does not handle the release event/);
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
});
