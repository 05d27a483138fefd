import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUMMARY_REQUEST_MARKER } from '../../src/core/executors/context/compaction.js';
import { LONG_STEPS, NOTES, note, SUMMARY_ANSWER } from './context-kit.js';

/** The parts of a Messages API request body the fake reads. */
interface Body {
  model?: unknown;
  system?: unknown;
  tools?: unknown[];
  messages: Array<{ role: string; content: unknown }>;
}

/** One request the fake received: its exact body and whether it was a compaction's summary call. */
export interface ReceivedRequest {
  body: string;
  summary: boolean;
}

/**
 * A local HTTP server speaking the Anthropic Messages API for the long run of context-kit.ts (for
 * child processes, where nock cannot reach): each step's answer follows from the request (the tool
 * call id `toolu_step_N` in the newest assistant turn), so a resumed run gets the same answers. It
 * simulates prompt caching as documented: the prefix up to and including the block marked with
 * `cache_control` is written on first sight and read afterwards; tokens are bytes ÷ 4. It records
 * every body, and can hold one request unanswered (a run to kill there) with `hold`.
 */
export class FakeAnthropic {
  readonly server: Server;
  readonly received: ReceivedRequest[] = [];
  /** Index (in `received`) of a request to leave unanswered; `held` resolves when it arrives. */
  hold: number | null = null;
  held: Promise<void>;
  #markHeld: () => void = () => {};
  readonly #cached = new Set<string>();
  readonly #pending: ServerResponse[] = [];
  readonly #cache: boolean;

  /** `cache: false` plays an API without prompt caching: every input token is reported uncached. */
  constructor(options: { cache?: boolean } = {}) {
    this.#cache = options.cache ?? true;
    this.held = this.#newHold();
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const parsed = JSON.parse(body) as Body;
        const summary = systemText(parsed.system).includes(SUMMARY_REQUEST_MARKER);
        this.received.push({ body, summary });
        if (this.received.length - 1 === this.hold) {
          this.#pending.push(res);
          this.#markHeld();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(this.#answer(parsed, summary)));
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Forgets what was received and cached (a fresh run against a cold cache). */
  reset(): void {
    this.received.length = 0;
    this.#cached.clear();
    this.hold = null;
    this.held = this.#newHold();
  }

  async close(): Promise<void> {
    for (const res of this.#pending) res.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  #newHold(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#markHeld = resolve;
    });
  }

  #answer(body: Body, summary: boolean): Record<string, unknown> {
    const usage = this.#usage(body);
    const message = (content: unknown[], stop: string) => ({
      id: `msg_${this.received.length}`,
      type: 'message',
      role: 'assistant',
      model: String(body.model),
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage,
    });
    if (summary) return message([{ type: 'text', text: SUMMARY_ANSWER }], 'end_turn');
    const step = lastStep(body.messages) + 1;
    if (step <= NOTES) {
      return message([toolUse(step, 'read_file', { path: note(step).path })], 'tool_use');
    }
    if (step < LONG_STEPS) {
      return message(
        [toolUse(step, 'write_file', { path: 'summary.txt', content: 'all notes read\n' })],
        'tool_use',
      );
    }
    return message([{ type: 'text', text: 'All notes read; summary.txt written.' }], 'end_turn');
  }

  /** Input tokens split as the API reports them: uncached, written to the cache, read from it. */
  #usage(body: Body): Record<string, number> {
    const tokens = (value: unknown) => Math.ceil(Buffer.byteLength(JSON.stringify(value), 'utf8') / 4);
    const total = tokens([body.tools ?? [], body.system ?? '', body.messages]);
    const prefix = this.#cache ? cachedPrefix(body) : null;
    let read = 0;
    let write = 0;
    if (prefix) {
      const size = tokens(prefix);
      const key = JSON.stringify(prefix);
      if (this.#cached.has(key)) read = size;
      else {
        this.#cached.add(key);
        write = size;
      }
    }
    return {
      input_tokens: total - read - write,
      cache_creation_input_tokens: write,
      cache_read_input_tokens: read,
      output_tokens: 20,
    };
  }
}

function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  return Array.isArray(system)
    ? system.map((b) => String((b as { text?: unknown }).text ?? '')).join('')
    : '';
}

function toolUse(step: number, name: string, input: Record<string, unknown>) {
  return { type: 'tool_use', id: `toolu_step_${step}`, name, input };
}

/** The step of the newest assistant turn's tool call (0 before any). */
function lastStep(messages: Array<{ role: string; content: unknown }>): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as { role: string; content: unknown };
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const block of message.content as Array<{ type?: string; id?: string }>) {
      const match = block.type === 'tool_use' ? /^toolu_step_(\d+)$/.exec(block.id ?? '') : null;
      if (match) return Number(match[1]);
    }
  }
  return 0;
}

/** Tools, system and messages up to the block marked with cache_control (without the mark); null if none. */
function cachedPrefix(body: Body): unknown[] | null {
  const messages = body.messages;
  for (let m = 0; m < messages.length; m++) {
    const content = messages[m]?.content;
    if (!Array.isArray(content)) continue;
    const at = content.findIndex((block) => (block as { cache_control?: unknown }).cache_control);
    if (at === -1) continue;
    const upTo = content.slice(0, at + 1).map((block) => {
      const { cache_control: _mark, ...rest } = block as Record<string, unknown>;
      return rest;
    });
    return [body.tools ?? [], body.system ?? '', ...messages.slice(0, m), { ...messages[m], content: upTo }];
  }
  return null;
}
