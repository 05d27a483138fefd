import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import type { Ctx } from '../runtime/ctx.js';
import { ProviderConfigError, ProviderFatalError } from './errors.js';
import { meteredCall } from './metered.js';
import { PriceBook } from './pricing.js';
import type { CompletionRequest, CompletionResult, Provider } from './provider.js';

const PROVIDER = 'scripted';

const responseSchema = z.strictObject({
  text: z.string(),
  /** Answer only a prompt (system + messages) that contains this substring. */
  match: z.string().min(1).optional(),
  usage: z
    .strictObject({
      input_tokens: z.number().int().nonnegative(),
      output_tokens: z.number().int().nonnegative(),
    })
    .optional(),
  /** Model id used to price this response's usage; the reported model stays `scripted:<file>`. */
  model: z.string().min(1).optional(),
  stop_reason: z.string().optional(),
});

const listSchema = z.array(responseSchema);
const objectSchema = z.strictObject({ responses: listSchema });

export type ScriptedResponse = z.infer<typeof responseSchema>;

/** Read and validate a fixture: `[{text, ...}]` or `{responses: [{text, ...}]}`. */
export function loadScript(path: string): ScriptedResponse[] {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ProviderConfigError(
      PROVIDER,
      `cannot read fixture ${path}${typeof code === 'string' ? ` (${code})` : ''}; set [provider] script to a JSON file of canned responses`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new ProviderConfigError(PROVIDER, `fixture ${path} is not valid JSON: ${(error as Error).message}`);
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
      `fixture ${path} is not a list of responses${where}: ${issue?.message ?? 'invalid'} ` +
        '(expected [{"text": "...", "match"?: "...", "usage"?: {"input_tokens": n, "output_tokens": n}}] or {"responses": [...]})',
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
 * Replays canned responses, for tests and demos. Each call takes the first unused response whose
 * `match` occurs in the prompt (system + messages); failing that, the next unused response without
 * a `match`, in file order. Nothing left → a fatal ProviderError naming the fixture. The kind is
 * always `scripted` and the model `scripted:<fixture basename>`, so a ledger shows the run was
 * scripted. Usage defaults to 0 tokens; it is priced only when a response names a `model`.
 */
export class ScriptedProvider implements Provider {
  readonly kind = 'scripted' as const;
  readonly model: string;
  readonly #responses: readonly ScriptedResponse[];
  readonly #used: boolean[];
  readonly #pricing: PriceBook;
  #calls = 0;

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
      const call = ++this.#calls;
      const index = this.#pick(promptOf(request));
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
      const response = this.#responses[index] as ScriptedResponse;
      return {
        text: response.text,
        model: this.model,
        stopReason: response.stop_reason ?? 'end_turn',
        inputTokens: response.usage?.input_tokens ?? 0,
        outputTokens: response.usage?.output_tokens ?? 0,
        priceAs: response.model ? [response.model] : [],
      };
    });
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
