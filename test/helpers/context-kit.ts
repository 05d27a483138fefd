import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUMMARY_REQUEST_MARKER } from '../../src/core/executors/context/compaction.js';
import type {
  ChatRequest,
  ChatResult,
  CompletionResult,
  Provider,
} from '../../src/core/providers/provider.js';
import { ScriptedProvider, type ScriptedResponse } from '../../src/core/providers/scripted.js';
import type { Ctx } from '../../src/core/runtime/ctx.js';
import { makeWorkdir, say, use } from './agent-kit.js';

/** Model steps of the long run: read NOTES files, write the summary, answer. */
export const NOTES = 58;
export const LONG_STEPS = NOTES + 2;
/** What every summary call answers (a scripted fixture matches the summary request by its marker). */
export const SUMMARY_ANSWER =
  'The agent has been reading the notes files in order; each held filler lines and nothing to act on. No file was changed yet.';

/**
 * A contract whose agent takes {@link LONG_STEPS} model steps, each reading a ~1 KB notes file, in a
 * context window of `window` tokens: the whole conversation would not fit, so it only completes
 * with compaction. `memory` is the `[memory]` TOML (without the header).
 */
export function longRunToml(
  options: { window?: number; memory?: string; provider?: string; budget?: string } = {},
): string {
  return `
[contract]
id = "long-agent"
intent = "Read every file in notes/ in order, then write summary.txt containing: all notes read"

[[done]]
kind = "check"
desc = "summary.txt says all notes were read"
run = "grep -q 'all notes read' summary.txt"
timeout_sec = 10

[executor]
kind = "in-loop"

[budget]
max_steps = 80
${options.budget ?? ''}

[constraints]
allow_tools = ["read_file", "write_file"]

[provider]
${options.provider ?? 'kind = "scripted"'}
context_window = ${options.window ?? 6000}

[memory]
${options.memory ?? 'goal_repin_every = 8\n\n[memory.compaction]\nmode = "summarize"\nthreshold = 0.7\nmin_tail = 6'}
`;
}

/** The `n`-th notes file's name and text (deterministic, ~1 KB). */
export function note(n: number): { path: string; text: string } {
  const id = String(n).padStart(2, '0');
  const lines = Array.from(
    { length: 16 },
    (_, i) => `note ${id} line ${i + 1}: filler text the agent reads.`,
  );
  return { path: `notes/n${id}.txt`, text: `${lines.join('\n')}\n` };
}

/** A workdir (no git) holding the notes files. */
export function notesWorkdir(): string {
  const dir = makeWorkdir();
  mkdirSync(join(dir, 'notes'));
  for (let n = 1; n <= NOTES; n++) {
    const { path, text } = note(n);
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The agent's answers, plus enough summary answers for every compaction. */
export function longRunScript(
  summaries = 40,
  summaryUsage?: { usage: { input_tokens: number; output_tokens: number }; model: string },
): ScriptedResponse[] {
  return [
    ...Array.from({ length: NOTES }, (_, i) => use('read_file', { path: note(i + 1).path })),
    use('write_file', { path: 'summary.txt', content: 'all notes read\n' }),
    say('All notes read; summary.txt written.'),
    ...Array.from(
      { length: summaries },
      () =>
        ({
          match: SUMMARY_REQUEST_MARKER,
          content: [{ type: 'text', text: SUMMARY_ANSWER }],
          ...(summaryUsage ?? {}),
        }) as ScriptedResponse,
    ),
  ];
}

/**
 * A scripted model that records every chat request it is sent (as JSON text, replays included) and
 * can hang at request `hangAt` (0-based) like a process that died there.
 */
export class RecordingModel implements Provider {
  readonly kind = 'scripted' as const;
  readonly model: string;
  readonly requests: string[] = [];
  readonly #inner: ScriptedProvider;
  readonly #hangAt: number | undefined;

  constructor(responses: ScriptedResponse[], options: { hangAt?: number } = {}) {
    this.#inner = new ScriptedProvider(responses, { name: 'long-agent.json' });
    this.model = this.#inner.model;
    this.#hangAt = options.hangAt;
  }

  complete(): Promise<CompletionResult> {
    throw new Error('RecordingModel only chats');
  }

  chat(request: ChatRequest, ctx: Ctx): Promise<ChatResult> {
    this.requests.push(JSON.stringify(request));
    if (this.requests.length - 1 === this.#hangAt) return new Promise<ChatResult>(() => {});
    return this.#inner.chat(request, ctx);
  }

  /** The recorded requests, parsed. */
  parsed(): ChatRequest[] {
    return this.requests.map((text) => JSON.parse(text) as ChatRequest);
  }
}

/** True for the summary call of a compaction (not an agent step). */
export function isSummaryRequest(request: ChatRequest): boolean {
  return (request.system ?? '').includes(SUMMARY_REQUEST_MARKER);
}
