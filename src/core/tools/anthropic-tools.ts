import { invokeTool, type ToolRegistry } from './invoke.js';
import type { Tool, ToolContext, ToolOutcome } from './tool.js';
import { fail, ok } from './tool-kit.js';

/**
 * Anthropic's client-executed typed tools (docs/runtime.md "The in-loop executor"): the model sees the schemas it was trained on,
 * Truss executes locally. `str_replace_based_edit_tool` stands in for read_file, write_file and
 * list_dir; `bash` for bash. Every call is translated back into calls of the same local tools, so
 * policy, execution and provenance are identical whichever schema the model saw.
 */
export const ANTHROPIC_TEXT_EDITOR_TOOL = Object.freeze({
  type: 'text_editor_20250728',
  name: 'str_replace_based_edit_tool',
} as const);
export const ANTHROPIC_BASH_TOOL = Object.freeze({ type: 'bash_20250124', name: 'bash' } as const);

/** The local tools the typed text editor stands for. */
const EDITOR_BACKED = new Set(['read_file', 'write_file', 'list_dir']);

/** A tool entry for Anthropic's Messages API `tools` (structurally compatible with the SDK's ToolUnion). */
export type AnthropicToolSchema =
  | { type: 'text_editor_20250728'; name: 'str_replace_based_edit_tool' }
  | { type: 'bash_20250124'; name: 'bash' }
  | { name: string; description: string; input_schema: { type: 'object'; [key: string]: unknown } };

/**
 * The Anthropic `tools` list for already-advertised tools: the typed text editor when any of
 * read_file / write_file / list_dir is present (its commands still reach only the allowed ones), the
 * typed bash tool when bash is, and every other tool (the git tools) as a generic custom tool.
 */
export function anthropicToolSchemas(tools: ToolRegistry | Iterable<Tool>): AnthropicToolSchema[] {
  const list = tools instanceof Map ? [...tools.values()] : [...(tools as Iterable<Tool>)];
  const schemas: AnthropicToolSchema[] = [];
  let editorAdded = false;
  for (const tool of list) {
    if (EDITOR_BACKED.has(tool.name)) {
      if (!editorAdded) schemas.push({ ...ANTHROPIC_TEXT_EDITOR_TOOL });
      editorAdded = true;
    } else if (tool.name === 'bash') {
      schemas.push({ ...ANTHROPIC_BASH_TOOL });
    } else {
      schemas.push({
        name: tool.name,
        description: tool.description,
        input_schema: { ...tool.inputSchema, type: 'object' },
      });
    }
  }
  return schemas;
}

/** One call of a local harness tool. */
export interface LocalToolCall {
  name: string;
  input: Record<string, unknown>;
}

/** What an edit does to a file's complete text. */
export type EditResult = { ok: true; content: string; summary: string } | { ok: false; message: string };

/**
 * How a model tool call is carried out with local tools:
 * - `call`: exactly one local call (generic tools, bash, text-editor `create`);
 * - `view`: read_file, and list_dir instead when the path turns out to be a directory; the file text
 *   is shown with line numbers, as the text-editor tool expects;
 * - `edit`: read_file for the complete text, `apply`, then write_file with the result
 *   (`str_replace`, `insert`);
 * - `reply`: answered without touching anything (bad input, `undo_edit`, bash `restart`).
 */
export type AnthropicCallPlan =
  | { kind: 'call'; call: LocalToolCall }
  | { kind: 'view'; read: LocalToolCall; list: LocalToolCall }
  | { kind: 'edit'; path: string; read: LocalToolCall; apply: (text: string) => EditResult }
  | { kind: 'reply'; content: string; isError: boolean };

/**
 * Translates a tool call as the model made it into local tool calls. Names other than the two
 * typed tools pass through unchanged, so generic and typed schemas can be mixed in one request.
 * Pure: nothing is read or run here (see {@link runToolCall}).
 */
export function mapAnthropicToolCall(name: string, input: Record<string, unknown>): AnthropicCallPlan {
  if (name === ANTHROPIC_TEXT_EDITOR_TOOL.name) return mapEditorCall(input ?? {});
  if (name === ANTHROPIC_BASH_TOOL.name) return mapBashCall(input ?? {});
  return { kind: 'call', call: { name, input } };
}

function invalid(message: string): AnthropicCallPlan {
  return { kind: 'reply', content: message, isError: true };
}

function mapBashCall(input: Record<string, unknown>): AnthropicCallPlan {
  if (input.restart === true) {
    return {
      kind: 'reply',
      content:
        'bash restarted. (Every command already runs in a fresh shell; there is no session state to reset.)',
      isError: false,
    };
  }
  if (typeof input.command !== 'string' || input.command.length === 0) {
    return invalid('invalid input for bash: command must be a non-empty string (or pass restart: true)');
  }
  const call: LocalToolCall = { name: 'bash', input: { command: input.command } };
  if (typeof input.timeout_sec === 'number') call.input.timeout_sec = input.timeout_sec;
  return { kind: 'call', call };
}

function mapEditorCall(input: Record<string, unknown>): AnthropicCallPlan {
  const command = input.command;
  const path = input.path;
  const tool = ANTHROPIC_TEXT_EDITOR_TOOL.name;
  if (typeof path !== 'string' || path.length === 0) {
    return invalid(`invalid input for ${tool}: path must be a non-empty string`);
  }
  switch (command) {
    case 'view': {
      const read: LocalToolCall = { name: 'read_file', input: { path } };
      const range = input.view_range;
      if (range !== undefined) {
        if (
          !Array.isArray(range) ||
          range.length !== 2 ||
          !range.every((n) => Number.isInteger(n)) ||
          (range[0] as number) < 1 ||
          ((range[1] as number) !== -1 && (range[1] as number) < (range[0] as number))
        ) {
          return invalid(
            `invalid input for ${tool}: view_range must be [start, end] with 1 <= start <= end, or end = -1 for the end of the file`,
          );
        }
        const [start, end] = range as [number, number];
        read.input.offset = start;
        if (end !== -1) read.input.limit = end - start + 1;
      }
      return { kind: 'view', read, list: { name: 'list_dir', input: { path } } };
    }
    case 'create': {
      if (typeof input.file_text !== 'string') {
        return invalid(`invalid input for ${tool}: create needs file_text (a string)`);
      }
      return { kind: 'call', call: { name: 'write_file', input: { path, content: input.file_text } } };
    }
    case 'str_replace': {
      const oldStr = input.old_str;
      const newStr = input.new_str ?? '';
      if (typeof oldStr !== 'string' || oldStr.length === 0) {
        return invalid(`invalid input for ${tool}: str_replace needs old_str (a non-empty string)`);
      }
      if (typeof newStr !== 'string') return invalid(`invalid input for ${tool}: new_str must be a string`);
      return {
        kind: 'edit',
        path,
        read: { name: 'read_file', input: { path } },
        apply: (text) => replaceExactlyOnce(text, path, oldStr, newStr),
      };
    }
    case 'insert': {
      const line = input.insert_line;
      // text_editor_20250728 sends new_str; older editor versions and the memory tool use insert_text.
      const insertText = input.new_str ?? input.insert_text;
      if (!Number.isInteger(line) || (line as number) < 0) {
        return invalid(`invalid input for ${tool}: insert needs insert_line (an integer >= 0)`);
      }
      if (typeof insertText !== 'string') {
        return invalid(`invalid input for ${tool}: insert needs new_str (the text to insert)`);
      }
      return {
        kind: 'edit',
        path,
        read: { name: 'read_file', input: { path } },
        apply: (text) => insertAfterLine(text, path, line as number, insertText),
      };
    }
    case 'undo_edit':
      return invalid(
        `${tool}: undo_edit is not supported (text_editor_20250728 has no undo); use str_replace to change the text back`,
      );
    default:
      return invalid(
        `invalid input for ${tool}: command must be one of view, create, str_replace, insert (got ${JSON.stringify(command)})`,
      );
  }
}

/** Replaces `oldStr` only when it occurs exactly once (overlapping occurrences count). */
export function replaceExactlyOnce(text: string, path: string, oldStr: string, newStr: string): EditResult {
  const positions: number[] = [];
  for (let at = text.indexOf(oldStr); at !== -1; at = text.indexOf(oldStr, at + 1)) {
    positions.push(at);
    if (positions.length > 20) break;
  }
  if (positions.length === 0) {
    return {
      ok: false,
      message:
        `No replacement was performed: old_str was not found in ${path}. It must match the file exactly, ` +
        'including whitespace and indentation; view the file and copy the text.',
    };
  }
  const [first] = positions;
  if (positions.length > 1 || first === undefined) {
    const lines = positions.slice(0, 20).map((at) => lineAt(text, at));
    const count = positions.length > 20 ? 'more than 20' : String(positions.length);
    return {
      ok: false,
      message:
        `No replacement was performed: old_str occurs ${count} times in ${path} (lines ${lines.join(', ')}). ` +
        'Include more surrounding context so it matches exactly once.',
    };
  }
  const content = text.slice(0, first) + newStr + text.slice(first + oldStr.length);
  return { ok: true, content, summary: `Replaced 1 occurrence in ${path} at line ${lineAt(text, first)}.` };
}

/** Inserts `insertText` after line `line` (0 = before the first line), keeping lines whole. */
export function insertAfterLine(text: string, path: string, line: number, insertText: string): EditResult {
  const lines = text.length === 0 ? [] : text.split(/(?<=\n)/);
  if (line > lines.length) {
    return {
      ok: false,
      message: `No insertion was performed: insert_line ${line} is past the end of ${path} (${lines.length} lines).`,
    };
  }
  let before = lines.slice(0, line).join('');
  const after = lines.slice(line).join('');
  if (before.length > 0 && !before.endsWith('\n')) before += '\n';
  const middle = after.length > 0 && !insertText.endsWith('\n') ? `${insertText}\n` : insertText;
  return {
    ok: true,
    content: before + middle + after,
    summary: `Inserted text after line ${line} of ${path}.`,
  };
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

export interface RunToolCallOptions {
  registry: ToolRegistry;
  context: ToolContext;
  /**
   * Runs one local call; defaults to {@link invokeTool}. An agent loop passes its journaled invoker
   * here so each local call is recorded (and replayed) exactly as if the model had made it.
   */
  invoke?: (call: LocalToolCall) => Promise<ToolOutcome>;
}

export interface RunToolCallResult {
  /** What goes back to the model as the tool result. */
  outcome: ToolOutcome;
  /** The local calls made, in order, with their outcomes. */
  calls: Array<{ call: LocalToolCall; outcome: ToolOutcome }>;
}

/**
 * Carries out a tool call as the model made it — typed (Anthropic) or generic — through local tool
 * calls ({@link mapAnthropicToolCall}), each under the same policy checks as a direct call.
 */
export async function runToolCall(
  name: string,
  input: Record<string, unknown>,
  options: RunToolCallOptions,
): Promise<RunToolCallResult> {
  const calls: RunToolCallResult['calls'] = [];
  const invoke = async (call: LocalToolCall): Promise<ToolOutcome> => {
    const outcome = await (
      options.invoke ?? ((c) => invokeTool(options.registry, c.name, c.input, options.context))
    )(call);
    calls.push({ call, outcome });
    return outcome;
  };

  const plan = mapAnthropicToolCall(name, input);
  switch (plan.kind) {
    case 'reply':
      return { outcome: plan.isError ? fail(plan.content) : ok(plan.content), calls };
    case 'call':
      return { outcome: await invoke(plan.call), calls };
    case 'view': {
      const read = await invoke(plan.read);
      if (read.isError && read.data?.isDirectory === true) return { outcome: await invoke(plan.list), calls };
      return { outcome: read.isError ? read : numbered(read), calls };
    }
    case 'edit': {
      const read = await invoke(plan.read);
      if (read.isError) return { outcome: read, calls };
      if (read.data?.binary === true) {
        return { outcome: fail(`${plan.path} is a binary file; it cannot be edited as text`), calls };
      }
      if (read.data?.complete !== true) {
        return {
          outcome: fail(
            `${plan.path} is too large to edit here (read_file could not return it whole); use bash or rewrite it with create`,
          ),
          calls,
        };
      }
      const edit = plan.apply(read.content);
      if (!edit.ok) return { outcome: fail(edit.message), calls };
      const write = await invoke({ name: 'write_file', input: { path: plan.path, content: edit.content } });
      if (write.isError) return { outcome: write, calls };
      return { outcome: ok(edit.summary, write.data), calls };
    }
  }
}

/** read_file's text with `cat -n`-style line numbers, as the text-editor `view` command shows it. */
function numbered(read: ToolOutcome): ToolOutcome {
  const data = read.data ?? {};
  if (data.binary === true || typeof data.startLine !== 'number' || typeof data.endLine !== 'number')
    return read;
  const count = data.endLine - data.startLine + 1;
  if (count <= 0) return { ...read, content: read.content.length === 0 ? '(empty file)' : read.content };
  const lines = read.content.split('\n');
  for (let i = 0; i < count && i < lines.length; i++) {
    lines[i] = `${String(data.startLine + i).padStart(6)}\t${lines[i]}`;
  }
  return { ...read, content: lines.join('\n') };
}
