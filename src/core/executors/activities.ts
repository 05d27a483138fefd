import { createHash } from 'node:crypto';
import { canonicalJson } from '../ledger/canonical-json.js';
import type { LedgerEntry } from '../ledger/entry.js';
import type { EntryOf, ToolOutcomeFields } from '../ledger/entry-kinds.js';
import { type Redactor, redactionField, redactWindow, tallyingRedactor } from '../process/redact.js';
import { ProviderConfigError } from '../providers/errors.js';
import type { ChatRequest, ChatResult, ContentBlock, Provider } from '../providers/provider.js';
import { BudgetMeter } from '../runtime/budget.js';
import type { Ctx } from '../runtime/ctx.js';
import { type DurableSession, NonDeterminismError, plain } from '../runtime/durable.js';
import { redactJson } from '../tools/journal-json.js';
import type { ToolOutcome } from '../tools/tool.js';

/** Tool output up to this many bytes stays in the entry; larger output goes to a blob by sha256. */
export const INLINE_TOOL_OUTPUT_BYTES = 32 * 1024;

const digestCache = new WeakMap<object, string>();

function digestOf(value: object): string {
  let digest = digestCache.get(value);
  if (digest === undefined) {
    digest = createHash('sha256')
      .update(canonicalJson(plain(value)))
      .digest('hex');
    digestCache.set(value, digest);
  }
  return digest;
}

/**
 * What `model_result.request_digest` records: sha256 hex of the canonical JSON of
 * `{system, tools, messages, max_tokens, temperature}` where `tools` is the sha256 of the canonical
 * tool list and `messages` the sha256 of each message's canonical JSON. Hashing each message once
 * (cached by identity; messages are never mutated once sent) keeps a step's cost independent of
 * the conversation's length.
 */
export function requestDigest(request: ChatRequest): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        system: request.system ?? null,
        tools: request.tools ? digestOf(request.tools) : null,
        messages: request.messages.map(digestOf),
        max_tokens: request.maxTokens ?? null,
        temperature: request.temperature ?? null,
      }),
    )
    .digest('hex');
}

/** The answer of a model call as the journal holds it (what both live runs and replays continue from). */
export function chatResultOf(entry: EntryOf<'model_result'>): ChatResult {
  const p = entry.payload;
  return {
    content: p.content ?? [],
    stopReason: p.stop_reason ?? null,
    model: p.response_model ?? p.model,
    usage: {
      inputTokens: p.usage?.input_tokens ?? 0,
      outputTokens: p.usage?.output_tokens ?? 0,
      costUsd: p.usage?.cost_usd ?? 0,
      ...(p.usage?.cache_read_tokens !== undefined ? { cacheReadTokens: p.usage.cache_read_tokens } : {}),
      ...(p.usage?.cache_write_tokens !== undefined ? { cacheWriteTokens: p.usage.cache_write_tokens } : {}),
    },
  };
}

/** Content blocks compared without the ids a provider makes up. */
function shapeOf(content: readonly ContentBlock[]): string {
  return canonicalJson(
    plain(
      content.map((block) =>
        block.type === 'tool_use' ? { type: block.type, name: block.name, input: block.input } : block,
      ),
    ),
  );
}

/**
 * One model call as a durable activity (`model_result {provider, model, request_digest, content,
 * stop_reason, usage}`; `purpose` names a harness call that is not an agent step, such as a
 * context summary). The budget is checked before (by the caller) and charged here from the
 * journaled usage, live and on replay alike, so a resumed run rebuilds the same spend; a call that
 * crosses a ceiling is journaled first and then throws BudgetExceededError.
 *
 * The provider meters against a private, unlimited meter: charging the run's meter inside the
 * provider would throw after the call and lose an answer that was paid for.
 *
 * A scripted provider (a local fixture, no model) is advanced on replay so the next live call gets
 * the next canned answer; if the fixture now answers differently the replay is refused.
 *
 * `result` is the answer as journaled (after the secret scan): what the conversation continues from,
 * live and on replay alike. `sent` is the answer as the model sent it, on a live call only: tools run
 * with what the model wrote, not with the scan's marks (docs/security.md "The secret scan").
 */
export async function chatActivity(
  session: DurableSession,
  provider: Provider,
  request: ChatRequest,
  ctx: Ctx,
  redact: (text: string) => string = (text) => text,
  options: { purpose?: string } = {},
): Promise<{ result: ChatResult; entry: LedgerEntry; replayed: boolean; sent: ContentBlock[] | null }> {
  const chat = provider.chat?.bind(provider);
  if (!chat) {
    throw new ProviderConfigError(
      provider.kind,
      `provider ${provider.kind} (${provider.model}) cannot drive an agent loop: it has no chat with tool use`,
    );
  }
  const unmetered: Ctx = { ...ctx, budget: new BudgetMeter({}) };
  const digest = requestDigest(request);
  let sent: ContentBlock[] | null = null;
  const { entry, replayed } = await session.activity(
    'model_result',
    `${provider.kind}/${provider.model}`,
    async () => {
      const result = await chat(request, unmetered);
      sent = result.content;
      const tally = tallyingRedactor(redact as Redactor);
      const content = result.content.map((block) => redactedBlock(block, tally.redact));
      return {
        payload: plain({
          provider: provider.kind,
          model: provider.model,
          response_model: result.model,
          ...(options.purpose ? { purpose: options.purpose } : {}),
          request_digest: digest,
          content,
          // What the secret scan removed from the answer, by kind (never the values).
          ...redactionField(tally.counts()),
          stop_reason: result.stopReason,
          usage: {
            input_tokens: result.usage.inputTokens,
            output_tokens: result.usage.outputTokens,
            cost_usd: result.usage.costUsd,
            // Prompt-cache tokens, when the API reports them (docs/context.md "Prompt caching").
            cache_read_tokens: result.usage.cacheReadTokens,
            cache_write_tokens: result.usage.cacheWriteTokens,
          },
        }),
      };
    },
    (recorded) =>
      recorded.payload.request_digest === digest
        ? null
        : `request digest ${digest.slice(0, 12)}…, recorded ${(recorded.payload.request_digest ?? 'none').slice(0, 12)}…`,
  );
  const result = chatResultOf(entry);
  if (replayed && provider.kind === 'scripted') {
    const fixture = await chat(request, unmetered);
    if (shapeOf(fixture.content) !== shapeOf(result.content)) {
      throw new NonDeterminismError(
        entry.seq,
        `model_result as the scripted fixture now answers it (${describeContent(fixture.content)})`,
        `model_result (${describeContent(result.content)})`,
      );
    }
  }
  ctx.budget.record({
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    costUsd: result.usage.costUsd,
  });
  return { result, entry, replayed, sent: replayed ? null : sent };
}

/**
 * A model's answer block as it is journaled: every string the model wrote passes the run's secret
 * scan (docs/security.md "The secret scan") — a tool call's name, its input at any depth and the
 * reason it could not be used, as well as text. A model API that echoes a key back in a tool call
 * must not put it in the ledger. The tools do not run on this copy: a scan mark written into a file
 * would change the agent's work (see tool-input.ts for what runs instead).
 */
function redactedBlock(block: ContentBlock, redact: Redactor): ContentBlock {
  switch (block.type) {
    case 'text':
      return { ...block, text: redact(block.text) };
    case 'tool_use':
      return {
        ...block,
        id: redact(block.id),
        name: redact(block.name),
        input: redactJson(block.input, [], redact).value as Record<string, unknown>,
        ...(block.inputError !== undefined ? { inputError: redact(block.inputError) } : {}),
      };
    default:
      return block;
  }
}

function describeContent(content: readonly ContentBlock[]): string {
  const tools = content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : []));
  return tools.length > 0 ? `tool_use ${tools.join(', ')}` : 'text only';
}

/** A tool's outcome as journaled: redacted, large content moved to a blob. */
export interface JournaledToolOutcome {
  content: string;
  isError: boolean;
  data?: Record<string, unknown>;
}

/** The payload fields and blobs for a tool outcome (content inline, or by sha256 when large). */
export function toolOutcomeStep(
  outcome: ToolOutcome,
  redact: Redactor,
): { fields: ToolOutcomeFields; blobs: Uint8Array[] } {
  const tally = tallyingRedactor(redact);
  const content = redactAtCuts(tally.redact, outcome.content, outcome.cuts ?? []);
  const bytes = Buffer.from(content, 'utf8');
  // The structured result names what the work chose too (a written path, a branch, committed files):
  // scanned like the text, or a file named after a token was signed in clear beside its redacted name.
  const data =
    outcome.data === undefined
      ? undefined
      : (redactJson(outcome.data, [], tally.redact).value as Record<string, unknown>);
  const fields: ToolOutcomeFields = { is_error: outcome.isError, ...redactionField(tally.counts()) };
  if (data !== undefined) fields.data = plain(data);
  if (bytes.length <= INLINE_TOOL_OUTPUT_BYTES) {
    fields.content = content;
    return { fields, blobs: [] };
  }
  fields.content_sha256 = createHash('sha256').update(bytes).digest('hex');
  fields.content_bytes = bytes.length;
  return { fields, blobs: [bytes] };
}

/** `text` redacted piece by piece, each piece after a cut as a window that begins mid-stream. */
function redactAtCuts(redact: Redactor, text: string, cuts: readonly number[]): string {
  const at = [...new Set(cuts)].filter((n) => n > 0 && n < text.length).sort((a, b) => a - b);
  if (at.length === 0) return redact(text);
  const pieces = [redact(text.slice(0, at[0]))];
  at.forEach((start, i) => {
    pieces.push(redactWindow(redact, text.slice(start, at[i + 1] ?? text.length), { start: true }));
  });
  return pieces.join('');
}

/** The outcome a `tool_result` (or a memoised side-effect result) records; blob content is read back. */
export function toolOutcomeOf(
  session: DurableSession,
  fields: Record<string, unknown>,
): JournaledToolOutcome {
  let content: string;
  if (typeof fields.content === 'string') content = fields.content;
  else if (typeof fields.content_sha256 === 'string') {
    const blob = session.store.blob(fields.content_sha256);
    content = blob?.bytes
      ? blob.bytes.toString('utf8')
      : `[tool output ${fields.content_sha256} is no longer available (shredded)]`;
  } else content = '';
  return {
    content,
    isError: fields.is_error === true,
    ...(fields.data && typeof fields.data === 'object'
      ? { data: fields.data as Record<string, unknown> }
      : {}),
  };
}
