import { describe, expect, it } from 'vitest';
import { memoryCliRepo } from '../helpers/memory-kit.js';

/**
 * Every memory surface of the real CLI (docs/memory.md) takes --json, and a bad id or a missing
 * database is a clear input error (exit 3, stderr says what to do, nothing half-printed on stdout).
 */

describe('truss memory|lesson|playbook --json and bad ids', () => {
  it('lists and exports as JSON; an unknown id or a missing database is exit 3 with a message', () => {
    const { cli } = memoryCliRepo('memory-json', 0x5d);

    // No database yet: lists are empty, reads of one entry say there is no memory.
    for (const family of ['memory', 'lesson', 'playbook']) {
      const listed = cli([family, 'list', '--json']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout).entries).toEqual([]);
    }
    for (const args of [
      ['memory', 'show', 'nope'],
      ['memory', 'export'],
      ['playbook', 'show', 'nope'],
      ['memory', 'promote', 'nope', '--dry-run'],
    ]) {
      const result = cli([...args, '--json']);
      expect(result.code, args.join(' ')).toBe(3);
      expect(JSON.parse(result.stdout).error).toEqual({
        exit: 3,
        message: expect.stringContaining('no memory yet: there is no ledger database'),
      });
      expect(result.stderr).toContain('no memory yet: there is no ledger database');
    }

    const proposed = cli(['memory', 'propose', 'fact', 'node-version', 'CI runs node 20', '--json']);
    expect(proposed.code, proposed.stderr).toBe(0);
    const fact = JSON.parse(proposed.stdout).entry.id as string;

    for (const [family, command, ...rest] of [
      ['memory', 'show'],
      ['memory', 'promote', '--maintainer', '--reason', 'r'],
      ['memory', 'promote', '--dry-run'],
      ['memory', 'revoke', '--reason', 'r'],
      ['playbook', 'show'],
      ['playbook', 'promote', '--maintainer', '--reason', 'r'],
      ['playbook', 'promote', '--eval', 'greeting'],
      ['playbook', 'revoke', '--reason', 'r'],
    ] as string[][]) {
      const result = cli([family as string, command as string, 'nope', ...rest, '--json']);
      expect(result.code, `${family} ${command}`).toBe(3);
      expect(JSON.parse(result.stdout).error.exit).toBe(3);
      expect(result.stderr).toMatch(
        /truss: no memory entry nope( of kind playbook)?; list them with truss memory list/,
      );
    }
    // An id of another kind is not a playbook; an id prefix too short to be one is read as a key.
    const wrongKind = cli(['playbook', 'show', fact, '--json']);
    expect(wrongKind.code).toBe(3);
    expect(wrongKind.stderr).toContain(`no memory entry ${fact} of kind playbook`);
    expect(cli(['memory', 'show', fact.slice(0, 4), '--json']).code).toBe(3);
    // A fact cannot be promoted by an eval: it is never recalled.
    const noEval = cli(['memory', 'promote', fact.slice(0, 12), '--eval', 'greeting', '--json']);
    expect(noEval.code).toBe(3);
    expect(noEval.stderr).toContain('a fact cannot be promoted by an eval');

    const shown = cli(['memory', 'show', fact.slice(0, 12), '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: fact, trust: 'unverified', decisions: [] });
    const exported = cli(['memory', 'export', '--json']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ format: 'truss.memory.v1' });
    expect(JSON.parse(cli(['lesson', 'list', '--json']).stdout).entries).toEqual([]);
    expect(JSON.parse(cli(['memory', 'list', '--json']).stdout).entries).toHaveLength(1);

    const lessonShow = cli(['lesson', 'show', fact, '--json']);
    expect(lessonShow.code).toBe(64);
    expect(lessonShow.stderr).toContain('use list');
  }, 240_000);
});
