import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advertisedTools } from '../../src/core/tools/policy.js';
import {
  anthropicToolSchemas,
  createToolRegistry,
  invokeTool,
  type LocalToolCall,
  mapAnthropicToolCall,
  runToolCall,
  TOOL_NAMES,
  toolSpecs,
} from '../../src/core/tools/registry.js';
import type { ToolContext, ToolOutcome } from '../../src/core/tools/tool.js';
import { makeSandbox, put, toolContext } from './tool-helpers.js';

let box: ReturnType<typeof makeSandbox>;
let context: ToolContext;
const registry = createToolRegistry();
beforeEach(() => {
  box = makeSandbox('registry');
  context = toolContext(box.work);
});
afterEach(() => box.cleanup());

const EDITOR = 'str_replace_based_edit_tool';
const edit = (input: Record<string, unknown>, ctx: ToolContext = context) =>
  runToolCall(EDITOR, input, { registry, context: ctx });
const file = (path: string) => readFileSync(join(box.work, path), 'utf8');

describe('registry', () => {
  it('holds the eight harness tools with JSON-schema specs', () => {
    expect([...registry.keys()]).toEqual([...TOOL_NAMES]);
    const specs = toolSpecs(registry);
    expect(specs).toHaveLength(8);
    for (const spec of specs) {
      expect(spec.description.length).toBeGreaterThan(20);
      expect(spec.inputSchema.type).toBe('object');
    }
    expect(specs.find((spec) => spec.name === 'git_commit')?.inputSchema.required).toEqual(['message']);
    expect(registry.get('git_commit')?.sideEffect).toBe(true);
    expect(registry.get('write_file')?.sideEffect).toBe(false);
  });
});

describe('anthropicToolSchemas', () => {
  it('maps the file tools to text_editor_20250728 and bash to bash_20250124, others stay generic', () => {
    const schemas = anthropicToolSchemas(registry);
    expect(schemas.slice(0, 2)).toEqual([
      { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' },
      { type: 'bash_20250124', name: 'bash' },
    ]);
    expect(schemas.slice(2).map((schema) => schema.name)).toEqual([
      'git_status',
      'git_diff',
      'git_branch',
      'git_commit',
    ]);
    const commit = schemas.find((schema) => schema.name === 'git_commit');
    expect(commit).toMatchObject({ input_schema: { type: 'object', required: ['message'] } });
    expect(commit && 'description' in commit && commit.description).toMatch(/SHA/);
  });

  it('advertises only what the policy allows', () => {
    const readOnly = toolContext(box.work, { allow_tools: ['read_file', 'git_status'] });
    expect(anthropicToolSchemas(advertisedTools(registry, readOnly.policy))).toEqual([
      { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' },
      expect.objectContaining({ name: 'git_status' }),
    ]);
    const none = toolContext(box.work, { allow_tools: ['git_*'] });
    const names = anthropicToolSchemas(advertisedTools(registry, none.policy)).map((schema) => schema.name);
    expect(names).not.toContain(EDITOR);
    expect(names).not.toContain('bash');
  });
});

describe('mapAnthropicToolCall', () => {
  it('translates each command to local tool calls', () => {
    expect(
      mapAnthropicToolCall(EDITOR, { command: 'view', path: 'a.txt', view_range: [3, 7] }),
    ).toMatchObject({
      kind: 'view',
      read: { name: 'read_file', input: { path: 'a.txt', offset: 3, limit: 5 } },
      list: { name: 'list_dir', input: { path: 'a.txt' } },
    });
    expect(
      mapAnthropicToolCall(EDITOR, { command: 'view', path: 'a.txt', view_range: [3, -1] }),
    ).toMatchObject({
      read: { input: { path: 'a.txt', offset: 3 } },
    });
    expect(mapAnthropicToolCall(EDITOR, { command: 'create', path: 'b.txt', file_text: 'x' })).toEqual({
      kind: 'call',
      call: { name: 'write_file', input: { path: 'b.txt', content: 'x' } },
    });
    expect(
      mapAnthropicToolCall(EDITOR, { command: 'str_replace', path: 'a', old_str: 'x', new_str: 'y' }),
    ).toMatchObject({
      kind: 'edit',
      read: { name: 'read_file', input: { path: 'a' } },
    });
    expect(mapAnthropicToolCall('bash', { command: 'ls' })).toEqual({
      kind: 'call',
      call: { name: 'bash', input: { command: 'ls' } },
    });
    expect(mapAnthropicToolCall('bash', { restart: true })).toMatchObject({ kind: 'reply', isError: false });
    expect(mapAnthropicToolCall('git_status', {})).toEqual({
      kind: 'call',
      call: { name: 'git_status', input: {} },
    });
  });

  it('answers bad input and unsupported commands without touching anything', () => {
    expect(mapAnthropicToolCall(EDITOR, { command: 'view' })).toMatchObject({ kind: 'reply', isError: true });
    expect(mapAnthropicToolCall(EDITOR, { command: 'undo_edit', path: 'a' })).toMatchObject({
      kind: 'reply',
      isError: true,
      content: expect.stringMatching(/undo_edit is not supported/),
    });
    expect(mapAnthropicToolCall(EDITOR, { command: 'delete', path: 'a' })).toMatchObject({
      content: expect.stringMatching(/command must be one of view, create, str_replace, insert/),
    });
    expect(mapAnthropicToolCall(EDITOR, { command: 'view', path: 'a', view_range: [5, 2] })).toMatchObject({
      isError: true,
    });
    expect(mapAnthropicToolCall(EDITOR, { command: 'str_replace', path: 'a', old_str: '' })).toMatchObject({
      isError: true,
    });
  });
});

describe('runToolCall with the text editor', () => {
  it('view shows a file with line numbers and a directory as a listing', async () => {
    put(box.work, 'src/app.ts', 'one\ntwo\nthree\n');
    const view = await edit({ command: 'view', path: 'src/app.ts' });
    expect(view.outcome.content).toBe('     1\tone\n     2\ttwo\n     3\tthree\n');
    expect(view.calls.map(({ call }) => call.name)).toEqual(['read_file']);

    const range = await edit({ command: 'view', path: 'src/app.ts', view_range: [2, 2] });
    expect(range.outcome.content).toBe(
      '     2\ttwo\n[showing lines 2-2; more follow. Continue with offset=3]',
    );

    const dir = await edit({ command: 'view', path: 'src' });
    expect(dir.outcome).toMatchObject({ isError: false, content: 'app.ts' });
    expect(dir.calls.map(({ call }) => call.name)).toEqual(['read_file', 'list_dir']);
  });

  it('create writes through write_file', async () => {
    const result = await edit({ command: 'create', path: 'new/file.txt', file_text: 'hi\n' });
    expect(result.outcome.isError).toBe(false);
    expect(result.calls).toEqual([
      {
        call: { name: 'write_file', input: { path: 'new/file.txt', content: 'hi\n' } },
        outcome: expect.anything(),
      },
    ]);
    expect(file('new/file.txt')).toBe('hi\n');
  });

  it('str_replace replaces exactly one match via read_file + write_file', async () => {
    put(box.work, 'a.py', 'def f():\n    return 1\n\ndef g():\n    return 2\n');
    const result = await edit({
      command: 'str_replace',
      path: 'a.py',
      old_str: '    return 1',
      new_str: '    return 10',
    });
    expect(result.outcome.isError).toBe(false);
    expect(result.outcome.content).toBe('Replaced 1 occurrence in a.py at line 2.');
    expect(result.calls.map(({ call }) => call.name)).toEqual(['read_file', 'write_file']);
    expect(file('a.py')).toBe('def f():\n    return 10\n\ndef g():\n    return 2\n');
    expect(result.outcome.data?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('str_replace refuses zero matches with a clear message and changes nothing', async () => {
    put(box.work, 'a.py', 'x = 1\n');
    const result = await edit({ command: 'str_replace', path: 'a.py', old_str: 'x = 2', new_str: 'x = 3' });
    expect(result.outcome.isError).toBe(true);
    expect(result.outcome.content).toBe(
      'No replacement was performed: old_str was not found in a.py. It must match the file exactly, including whitespace and indentation; view the file and copy the text.',
    );
    expect(result.calls.map(({ call }) => call.name)).toEqual(['read_file']);
    expect(file('a.py')).toBe('x = 1\n');
  });

  it('str_replace refuses two matches, naming the lines, and changes nothing', async () => {
    put(box.work, 'a.py', 'x = 1\ny = 2\nx = 1\n');
    const result = await edit({ command: 'str_replace', path: 'a.py', old_str: 'x = 1', new_str: 'x = 9' });
    expect(result.outcome.isError).toBe(true);
    expect(result.outcome.content).toBe(
      'No replacement was performed: old_str occurs 2 times in a.py (lines 1, 3). Include more surrounding context so it matches exactly once.',
    );
    expect(file('a.py')).toBe('x = 1\ny = 2\nx = 1\n');
    // Overlapping occurrences count as ambiguous too.
    put(box.work, 'b.txt', 'aaa');
    expect(
      (await edit({ command: 'str_replace', path: 'b.txt', old_str: 'aa', new_str: 'b' })).outcome.content,
    ).toMatch(/occurs 2 times/);
  });

  it('str_replace with no new_str deletes the match', async () => {
    put(box.work, 'a.txt', 'keep DROP keep');
    await edit({ command: 'str_replace', path: 'a.txt', old_str: ' DROP' });
    expect(file('a.txt')).toBe('keep keep');
  });

  it('insert adds text after a line (0 = top), keeping lines whole', async () => {
    put(box.work, 'a.txt', 'one\ntwo');
    expect(
      (await edit({ command: 'insert', path: 'a.txt', insert_line: 1, new_str: 'one-and-a-half' })).outcome,
    ).toMatchObject({
      isError: false,
      content: 'Inserted text after line 1 of a.txt.',
    });
    expect(file('a.txt')).toBe('one\none-and-a-half\ntwo');
    await edit({ command: 'insert', path: 'a.txt', insert_line: 0, new_str: 'zero\n' });
    expect(file('a.txt')).toBe('zero\none\none-and-a-half\ntwo');
    await edit({ command: 'insert', path: 'a.txt', insert_line: 4, insert_text: 'end' });
    expect(file('a.txt')).toBe('zero\none\none-and-a-half\ntwo\nend');
    const past = await edit({ command: 'insert', path: 'a.txt', insert_line: 99, new_str: 'x' });
    expect(past.outcome.content).toMatch(/insert_line 99 is past the end of a.txt \(5 lines\)/);
  });

  it('applies the same policy as the generic tools', async () => {
    symlinkSync('/etc', join(box.work, 'etc'));
    const view = await edit({ command: 'view', path: '/etc/passwd' });
    expect(view.outcome.isError).toBe(true);
    expect(view.outcome.content).toMatch(
      /^read refused: "\/etc\/passwd" is an absolute path outside the read scope/,
    );
    const create = await edit({ command: 'create', path: 'etc/planted', file_text: 'x' });
    expect(create.outcome.content).toMatch(/^write refused/);
    expect(existsSync('/etc/planted')).toBe(false);

    const readOnly = toolContext(box.work, { allow_tools: ['read_file'] });
    put(box.work, 'a.txt', 'old');
    const replace = await edit(
      { command: 'str_replace', path: 'a.txt', old_str: 'old', new_str: 'new' },
      readOnly,
    );
    expect(replace.outcome.content).toMatch(
      /tool "write_file" refused: it is not in the contract's allow_tools/,
    );
    expect(file('a.txt')).toBe('old');
  });

  it('refuses to edit binary or oversized files', async () => {
    put(box.work, 'bin', 'a\0b');
    expect(
      (await edit({ command: 'str_replace', path: 'bin', old_str: 'a', new_str: 'c' })).outcome.content,
    ).toMatch(/binary file/);
    put(box.work, 'big.txt', 'x\n'.repeat(200_000));
    expect(
      (await edit({ command: 'insert', path: 'big.txt', insert_line: 0, new_str: 'y' })).outcome.content,
    ).toMatch(/too large to edit here/);
  });

  it('routes every local call through the given invoker (e.g. the journal)', async () => {
    put(box.work, 'a.txt', 'hello world');
    const journal: LocalToolCall[] = [];
    const invoke = async (call: LocalToolCall): Promise<ToolOutcome> => {
      journal.push(call);
      return invokeTool(registry, call.name, call.input, context);
    };
    await runToolCall(
      EDITOR,
      { command: 'str_replace', path: 'a.txt', old_str: 'world', new_str: 'there' },
      {
        registry,
        context,
        invoke,
      },
    );
    await runToolCall('bash', { command: 'cat a.txt' }, { registry, context, invoke });
    expect(journal).toEqual([
      { name: 'read_file', input: { path: 'a.txt' } },
      { name: 'write_file', input: { path: 'a.txt', content: 'hello there' } },
      { name: 'bash', input: { command: 'cat a.txt' } },
    ]);
  });
});

describe('runToolCall with bash', () => {
  it('runs the same local bash tool and answers restart', async () => {
    const ran = await runToolCall('bash', { command: 'echo typed' }, { registry, context });
    expect(ran.outcome).toMatchObject({ isError: false, content: 'exit code 0\n[stdout]\ntyped\n' });
    const restart = await runToolCall('bash', { restart: true }, { registry, context });
    expect(restart.outcome.isError).toBe(false);
    expect(restart.calls).toEqual([]);
  });
});
