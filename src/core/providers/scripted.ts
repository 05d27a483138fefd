import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { cannotRead } from '../read-failure.js';
import type { Ctx } from '../runtime/ctx.js';
import { checkChatRequest } from './chat.js';
import { ProviderConfigError, ProviderFatalError } from './errors.js';
import { meteredCall, meteredChat } from './metered.js';
import { PriceBook } from './pricing.js';
import type {
  AgentMessage,
  ChatRequest,
  ChatResult,
  CompletionRequest,
  CompletionResult,
  ContentBlock,
  Provider,
} from './provider.js';

const PROVIDER = 'scripted';

const contentBlockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  z.strictObject({
    type: z.literal('tool_use'),
    /** Default `toolu_scripted_<n>`, n counting made-up ids of this provider from 1. */
    id: z.string().min(1).optional(),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
  }),
]);

const responseSchema = z
  .strictObject({
    /** A plain answer; exactly one of `text` and `content` is set. */
    text: z.string().optional(),
    /** An assistant turn for `chat`: text and tool_use blocks in order. */
    content: z.array(contentBlockSchema).min(1).optional(),
    /** Answer only a prompt (system + messages) that contains this substring. */
    match: z.string().min(1).optional(),
    usage: z
      .strictObject({
        input_tokens: z.number().int().nonnegative(),
        output_tokens: z.number().int().nonnegative(),
        /** Of input_tokens, read from / written to a prompt cache (priced at the cache rates). */
        cache_read_tokens: z.number().int().nonnegative().optional(),
        cache_write_tokens: z.number().int().nonnegative().optional(),
      })
      .optional(),
    /** Model id used to price this response's usage; the reported model stays `scripted:<file>`. */
    model: z.string().min(1).optional(),
    /** Default 'tool_use' when `content` has a tool_use block, else 'end_turn'. */
    stop_reason: z.string().optional(),
  })
  .refine((r) => (r.text === undefined) !== (r.content === undefined), {
    message: 'set exactly one of "text" and "content"',
  });

const listSchema = z.array(responseSchema);
const objectSchema = z.strictObject({ responses: listSchema });

export type ScriptedResponse = z.infer<typeof responseSchema>;

/**
 * Read and validate a fixture: `[{text, ...}]` or `{responses: [{text, ...}]}`, where an entry may
 * instead carry `content: [{type: 'text', text} | {type: 'tool_use', id?, name, input}]` for chat.
 */
export function loadScript(path: string): ScriptedResponse[] {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ProviderConfigError(
      PROVIDER,
      `${cannotRead(`fixture ${path}`, error)}; set [provider] script to a JSON file of canned responses`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    // JSON.parse's message quotes the text around the error: never repeat a file's content.
    throw new ProviderConfigError(
      PROVIDER,
      `fixture ${path} is not valid JSON; set [provider] script to a JSON file of canned responses`,
    );
  }
  // Pick the shape first, so an issue points into the list rather than at "no union member matched".
  const parsed = Array.isArray(json)
    ? listSchema.safeParse(json)
    : objectSchema.transform((o) => o.responses).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new ProviderConfigError(
      PROVIDER,
      // Never quote the file: an unrecognized-key message would repeat a key from it.
      `fixture ${path} is not a list of responses${where}: ${issue?.code === 'unrecognized_keys' ? 'unrecognized key' : (issue?.message ?? 'invalid')} ` +
        '(expected [{"text": "...", "match"?: "...", "usage"?: {"input_tokens": n, "output_tokens": n}}] or {"responses": [...]}; ' +
        'a chat step uses "content": [{"type": "text", "text": "..."} | {"type": "tool_use", "name": "...", "input": {...}}] instead of "text")',
    );
  }
  return parsed.data;
}

export interface ScriptedProviderOptions {
  /** Shown in the model id `scripted:<name>` (the fixture's basename). */
  name: string;
  pricing?: PriceBook | undefined;
}

/**
 * Replays canned responses, for tests and demos. Each call — `complete` or `chat`, they share one
 * queue — takes the first unused response whose `match` occurs in the prompt (system + messages;
 * for chat the text blocks, tool_result contents and tool_use names/inputs); failing that, the next
 * unused response without a `match`, in file order. Nothing left → a fatal ProviderError naming the
 * fixture. `complete` on a content-style entry returns its text blocks joined; `chat` on a text
 * entry returns one text block. The kind is always `scripted` and the model
 * `scripted:<fixture basename>`, so a ledger shows the run was scripted. Usage defaults to 0 tokens;
 * it is priced only when a response names a `model`. A chat step counts as one budget step.
 */
export class ScriptedProvider implements Provider {
  readonly kind = 'scripted' as const;
  readonly model: string;
  readonly #responses: readonly ScriptedResponse[];
  readonly #used: boolean[];
  readonly #pricing: PriceBook;
  #calls = 0;
  #madeUpIds = 0;

  constructor(responses: readonly ScriptedResponse[], options: ScriptedProviderOptions) {
    this.model = `scripted:${options.name}`;
    this.#responses = responses;
    this.#used = responses.map(() => false);
    this.#pricing = options.pricing ?? new PriceBook();
  }

  static fromFile(path: string, options: { pricing?: PriceBook | undefined } = {}): ScriptedProvider {
    return new ScriptedProvider(loadScript(path), { name: basename(path), pricing: options.pricing });
  }

  /** Responses not yet replayed. */
  get remaining(): number {
    return this.#used.filter((used) => !used).length;
  }

  complete(request: CompletionRequest, ctx: Ctx): Promise<CompletionResult> {
    return meteredCall(ctx, this.#pricing, this.model, async () => {
      const response = this.#take(promptOf(request));
      const text =
        response.content !== undefined
          ? response.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('')
          : (response.text ?? '');
      return { text, ...this.#meta(response) };
    });
  }

  chat(request: ChatRequest, ctx: Ctx): Promise<ChatResult> {
    return meteredChat(ctx, this.#pricing, this.model, async () => {
      checkChatRequest(PROVIDER, request);
      const response = this.#take(chatPromptOf(request));
      const content: ContentBlock[] =
        response.content !== undefined
          ? response.content.map((block) =>
              block.type === 'text'
                ? { type: 'text', text: block.text }
                : {
                    type: 'tool_use',
                    id: block.id ?? `toolu_scripted_${++this.#madeUpIds}`,
                    name: block.name,
                    input: structuredClone(block.input),
                  },
            )
          : response.text
            ? [{ type: 'text', text: response.text }]
            : [];
      return { content, ...this.#meta(response) };
    });
  }

  /** Mark and return the response for this call, or throw when none is left for it. */
  #take(prompt: string): ScriptedResponse {
    const call = ++this.#calls;
    const index = this.#pick(prompt);
    if (index === -1) {
      const pending = this.remaining;
      const fixture = this.model.slice(PROVIDER.length + 1);
      throw new ProviderFatalError(
        PROVIDER,
        pending === 0
          ? `fixture ${fixture} is exhausted: call #${call} has no response left (all ${this.#responses.length} used); add entries to the fixture`
          : `fixture ${fixture}: call #${call} matches none of the ${pending} unused responses (each has a "match" absent from the prompt)`,
      );
    }
    this.#used[index] = true;
    return this.#responses[index] as ScriptedResponse;
  }

  #meta(response: ScriptedResponse) {
    const usesTools = response.content?.some((block) => block.type === 'tool_use') ?? false;
    return {
      model: this.model,
      stopReason: response.stop_reason ?? (usesTools ? 'tool_use' : 'end_turn'),
      inputTokens: response.usage?.input_tokens ?? 0,
      outputTokens: response.usage?.output_tokens ?? 0,
      cacheReadTokens: response.usage?.cache_read_tokens,
      cacheWriteTokens: response.usage?.cache_write_tokens,
      priceAs: response.model ? [response.model] : [],
    };
  }

  #pick(prompt: string): number {
    const keyed = this.#responses.findIndex(
      (r, i) => !this.#used[i] && r.match !== undefined && prompt.includes(r.match),
    );
    if (keyed !== -1) return keyed;
    return this.#responses.findIndex((r, i) => !this.#used[i] && r.match === undefined);
  }
}

function promptOf(request: CompletionRequest): string {
  return [request.system ?? '', ...request.messages.map((m) => m.content)].join('\n');
}

function chatPromptOf(request: ChatRequest): string {
  return [request.system ?? '', ...request.messages.map(messageText)].join('\n');
}

function messageText(message: AgentMessage): string {
  return message.content
    .map((block) =>
      block.type === 'text'
        ? block.text
        : block.type === 'tool_result'
          ? block.content
          : `${block.name} ${JSON.stringify(block.input)}`,
    )
    .join('\n');
}
