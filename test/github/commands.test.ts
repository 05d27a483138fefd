import { describe, expect, it } from 'vitest';
import { CONTRACT_NAME, helpText, parseCommand, type TrussCommand } from '../../src/github/commands.js';
import { exampleComment } from './helpers.js';

describe('parseCommand', () => {
  const table: [string, TrussCommand | null][] = [
    ['/truss run', { kind: 'run', contract: null, intent: null }],
    ['/truss run greeting-0001', { kind: 'run', contract: 'greeting-0001', intent: null }],
    [
      '/truss run greeting-0001 -- add a friendly greeting',
      { kind: 'run', contract: 'greeting-0001', intent: 'add a friendly greeting' },
    ],
    ['/truss run -- make the tests pass', { kind: 'run', contract: null, intent: 'make the tests pass' }],
    ['/truss run v1.2_beta --', { kind: 'run', contract: 'v1.2_beta', intent: null }],
    ['  /truss run   lint  ', { kind: 'run', contract: 'lint', intent: null }],
    ['/Truss RUN lint', { kind: 'run', contract: 'lint', intent: null }],
    ['/truss run failed', { kind: 'run-failed' }],
    ['/truss RUN Failed  ', { kind: 'run-failed' }],
    ['/truss run failed-tests', { kind: 'run', contract: 'failed-tests', intent: null }],
    ['/truss verify', { kind: 'verify' }],
    ['/truss status please', { kind: 'status' }],
    ['/truss help', { kind: 'help' }],
    ['/truss', { kind: 'help' }],
    ['/truss approve', { kind: 'approve', note: null }],
    ['/truss approve looks good to me', { kind: 'approve', note: 'looks good to me' }],
    ['/truss reject   clause 2 is vacuous ', { kind: 'reject', note: 'clause 2 is vacuous' }],
    [
      '/truss memory promote 974C3A6F925F',
      { kind: 'memory', action: 'promote', entry: '974c3a6f925f', reason: null },
    ],
    [
      '/truss memory revoke 974c3a6f925f it regressed; $(rm -rf /)',
      { kind: 'memory', action: 'revoke', entry: '974c3a6f925f', reason: 'it regressed; $(rm -rf /)' },
    ],
    [
      '/truss memory promote 974c3a6f925f please',
      { kind: 'invalid', reason: expect.stringContaining('takes nothing after the id') },
    ],
    [
      '/truss memory promote greeting-newline',
      { kind: 'invalid', reason: expect.stringContaining('is not a memory entry id') },
    ],
    [
      '/truss memory promote 974c3a',
      { kind: 'invalid', reason: expect.stringContaining('is not a memory entry id') },
    ],
    [
      '/truss memory forget 974c3a6f925f',
      { kind: 'invalid', reason: expect.stringContaining('memory promote <id>') },
    ],
    ['/truss deploy prod', { kind: 'unknown', word: 'deploy' }],
    ['no command here', null],
    ['please /truss run this', null],
    ['/trussrun', null],
    ['/truss-run', null],
    ['', null],
  ];

  it.each(table)('%j', (body, expected) => {
    expect(parseCommand(body)).toEqual(expected);
  });

  it('keeps shell metacharacters in the intent verbatim, as data', () => {
    const intent = '$(rm -rf /); `id` && echo "$HOME" | tee /etc/passwd > /dev/null \'quoted\' ${IFS}';
    expect(parseCommand(`/truss run x -- ${intent}`)).toEqual({ kind: 'run', contract: 'x', intent });
    expect(parseCommand(`/truss run -- ${intent}`)).toEqual({ kind: 'run', contract: null, intent });
  });

  it.each([
    ['/truss run ../etc', /"\.\.\/etc" is not a contract name/],
    ['/truss run ../../etc/passwd -- x', /not a contract name/],
    ['/truss run a/b', /not a contract name/],
    ['/truss run .hidden', /not a contract name/],
    ['/truss run $(id)', /not a contract name/],
    ['/truss run `id`', /not a contract name/],
    ['/truss run --force', /not a contract name/],
    [`/truss run ${'a'.repeat(65)}`, /not a contract name/],
    [
      '/truss run greeting please do it',
      /unexpected text after the contract name "greeting"; put free-text intent after `--`/,
    ],
    ['/truss run greeting --verbose', /unexpected text after the contract name/],
    ['/truss run failed lint', /`run failed` takes nothing after it/],
    ['/truss run failed -- $(id)', /`run failed` takes nothing after it/],
  ])('rejects %j as invalid', (body, reason) => {
    const command = parseCommand(body);
    expect(command?.kind).toBe('invalid');
    expect(command?.kind === 'invalid' && command.reason).toMatch(reason);
  });

  it('accepts a 64-character name and the documented name pattern', () => {
    const name = `a${'b'.repeat(63)}`;
    expect(parseCommand(`/truss run ${name}`)).toEqual({ kind: 'run', contract: name, intent: null });
    expect(CONTRACT_NAME.test('greeting-0001')).toBe(true);
    expect(CONTRACT_NAME.test('-x')).toBe(false);
  });

  it('ignores quoted lines and fenced code blocks; the first real command line wins', () => {
    const body = [
      '> /truss run evil',
      '>> /truss approve',
      '```',
      '/truss run fenced',
      '```',
      '~~~~ text',
      '/truss run tilde',
      '```',
      '/truss run still-inside-tilde-fence',
      '~~~~',
      'Some prose.',
      '   /truss run real -- first one',
      '/truss run second',
    ].join('\n');
    expect(parseCommand(body)).toEqual({ kind: 'run', contract: 'real', intent: 'first one' });
  });

  it('treats only a matching closing fence as the end of a code block', () => {
    const body = ['````md', '```', '/truss run inner', '````', '/truss status'].join('\n');
    expect(parseCommand(body)).toEqual({ kind: 'status' });
    expect(parseCommand(['```', '/truss run x'].join('\n'))).toBeNull();
  });

  it('treats a one-line ```inline``` span as text, not a fence', () => {
    expect(parseCommand(['```code```', '/truss verify'].join('\n'))).toEqual({ kind: 'verify' });
  });

  it('returns the first command even when it is invalid (no fallthrough to later lines)', () => {
    expect(parseCommand('/truss run ../x\n/truss run ok')?.kind).toBe('invalid');
  });

  it('handles CRLF bodies as GitHub sends them', () => {
    expect(parseCommand('Thanks!\r\n/truss run lint -- tidy up\r\n')).toEqual({
      kind: 'run',
      contract: 'lint',
      intent: 'tidy up',
    });
  });

  it('parses commands in a real issue_comment payload body', () => {
    const comment = exampleComment();
    expect(parseCommand(comment.body)).toBeNull();
    const edited = exampleComment({ body: `${comment.body}\r\n\r\n/truss run greeting-0001` });
    expect(parseCommand(edited.body)).toEqual({ kind: 'run', contract: 'greeting-0001', intent: null });
  });

  it('honours a configured trigger phrase, escaped literally', () => {
    expect(parseCommand('@truss-bot run lint', '@truss-bot')).toEqual({
      kind: 'run',
      contract: 'lint',
      intent: null,
    });
    expect(parseCommand('/truss run lint', '@truss-bot')).toBeNull();
    expect(parseCommand('!t.r verify', '!t.r')).toEqual({ kind: 'verify' });
    expect(parseCommand('!txr verify', '!t.r')).toBeNull();
    expect(() => parseCommand('/truss run', '  ')).toThrow(/must not be empty/);
  });
});

describe('helpText', () => {
  it('lists every command with the configured trigger', () => {
    const text = helpText('@truss-bot');
    for (const word of ['run', 'verify', 'status', 'approve', 'reject', 'help']) {
      expect(text).toContain(`\`@truss-bot ${word}`);
    }
    expect(text).toContain('-- <intent>');
    expect(helpText()).toContain('`/truss run`');
  });
});
