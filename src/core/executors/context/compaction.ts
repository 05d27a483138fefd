import { createHash } from 'node:crypto';
import type { Redactor } from '../../process/redact.js';
import { textOf } from '../../providers/chat.js';
import type { AgentMessage, ChatRequest, Provider } from '../../providers/provider.js';
import type { Ctx } from '../../runtime/ctx.js';
import { type DurableSession, plain } from '../../runtime/durable.js';
import { chatActivity } from '../activities.js';
import { type ContextAssembler, type RecalledMemoryBlock, type Turn, totalOf } from './assembler.js';
import type { GaugeReading } from './gauge.js';
import { evictionNotice } from './layer-text.js';
import type { CompactionPolicy } from './settings.js';

/** `model_result.purpose` of the summary call: not an agent step, a harness call (docs/context.md). */
export const CONTEXT_SUMMARY_PURPOSE = 'context_summary';
/** In the summary request's system prompt, so a scripted fixture can answer it by `match`. */
export const SUMMARY_REQUEST_MARKER = '[truss:context-summary-request]';
/** Output tokens the summary may take. */
export const SUMMARY_MAX_TOKENS = 1024;
/** Characters of one tool result the summary request shows (the rest is cut, deterministically). */
const RESULT_CHARS = 4000;

export const SUMMARY_SYSTEM =
  `${SUMMARY_REQUEST_MARKER} You compact the working memory of a software agent that is part-way through a task. ` +
  'Write a concise summary of the transcript you are given, for the agent to continue from: what it has done, ' +
  'what it learned (file names, commands, results, errors), decisions made and what remains. ' +
  'Do not restate the task; do not invent anything; plain text, at most a few hundred words.';

/** What a compaction did, as `compaction_performed` signs it. */
export interface CompactionRecord {
  step: number;
  before_tokens: number;
  after_tokens: number;
  window: number;
  pressure: number;
  elided_range: { from_seq: number; to_seq: number; from_step: number; to_step: number; messages: number };
  summary_sha256: string;
  summary_bytes: number;
  /** The model_result that wrote the summary (summarize mode; the entry right before this one). */
  summary_seq?: number;
  /** The summary this one replaced (it was part of the summarized input), if any. */
  previous_summary_sha256?: string;
  memory_dropped?: boolean;
  policy: CompactionPolicy;
}

/**
 * One governed compaction at a step boundary (docs/context.md "Compaction"): the turns before the
 * scratch tail — and an earlier summary — are summarized by the executor's own model (a journaled
 * `model_result` with `purpose: "context_summary"`, charged to the run's budget like any call) or,
 * in `evict` mode, replaced by a fixed notice. The summary text is stored as a blob and the signed
 * `compaction_performed` names it by sha256 with the journal range it replaced; the journal itself
 * keeps every elided entry. Replayed, the summary call and the entry come from the journal, so the
 * compacted context is rebuilt exactly. Throws what the summary call throws (budget, provider).
 */
export async function compactContext(args: {
  session: DurableSession;
  provider: Provider;
  ctx: Ctx;
  redact: Redactor;
  assembler: ContextAssembler;
  policy: CompactionPolicy;
  step: number;
  before: GaugeReading;
}): Promise<CompactionRecord | null> {
  const { session, assembler, policy } = args;
  const elided = assembler.elidable();
  const first = elided[0];
  if (!first || first.seq === null) return null;
  const previous = assembler.summary;
  const fromStep = previous?.fromStep ?? first.step;
  const toStep = (elided.at(-1) as Turn).step;
  const dropMemory = assembler.memory !== null && !policy.exempt.includes('memory');
  let summary: string;
  let summarySeq: number | undefined;
  if (policy.mode === 'evict') {
    summary = evictionNotice(fromStep, toStep);
  } else {
    const request = summaryRequest(
      assembler.goal,
      previous?.text ?? null,
      elided,
      dropMemory ? assembler.memory : null,
    );
    const { result, entry } = await chatActivity(session, args.provider, request, args.ctx, args.redact, {
      purpose: CONTEXT_SUMMARY_PURPOSE,
    });
    summary = textOf(result.content, '\n');
    summarySeq = entry.seq;
  }
  const bytes = Buffer.from(summary, 'utf8');
  const sha = createHash('sha256').update(bytes).digest('hex');
  const seqs = elided.flatMap((turn) => (turn.seq === null ? [] : [turn.seq]));
  assembler.compact({ text: summary, fromStep, toStep, mode: policy.mode });
  if (dropMemory) assembler.dropMemory();
  const record: CompactionRecord = {
    step: args.step,
    before_tokens: args.before.tokens,
    after_tokens: totalOf(assembler.layerSizes()),
    window: args.before.window,
    pressure: args.before.pressure,
    elided_range: {
      from_seq: first.seq,
      to_seq: Math.max(...seqs),
      from_step: first.step,
      to_step: toStep,
      messages: elided.length,
    },
    summary_sha256: sha,
    summary_bytes: bytes.length,
    ...(summarySeq !== undefined ? { summary_seq: summarySeq } : {}),
    ...(previous ? { previous_summary_sha256: sha256(previous.text) } : {}),
    ...(dropMemory ? { memory_dropped: true } : {}),
    policy,
  };
  session.record('compaction_performed', () => ({ payload: plain({ ...record }), blobs: [bytes] }), {
    check: (recorded) =>
      recorded.payload.summary_sha256 === sha &&
      (recorded.payload.elided_range as { from_seq?: unknown } | undefined)?.from_seq === first.seq
        ? null
        : `summary ${sha.slice(0, 12)}… from seq ${first.seq}, recorded ${String(recorded.payload.summary_sha256).slice(0, 12)}…`,
  });
  args.ctx.events({
    type: 'context_compacted',
    step: args.step,
    mode: policy.mode,
    before_tokens: record.before_tokens,
    after_tokens: record.after_tokens,
  });
  return record;
}

/** The summary call: the elided turns as a plain transcript, after the summary they extend. */
export function summaryRequest(
  goal: string,
  previous: string | null,
  elided: readonly Turn[],
  memory: RecalledMemoryBlock | null,
): ChatRequest {
  const parts = [`The agent's task (for reference; do not restate it):\n${goal}`];
  if (previous !== null) parts.push(`Summary of the steps before these:\n${previous}`);
  if (memory) parts.push(`Memory the agent was shown:\n${memory.text}`);
  parts.push(`Transcript to summarize:\n${elided.map(transcriptLine).join('\n')}`);
  return {
    system: SUMMARY_SYSTEM,
    messages: [{ role: 'user', content: [{ type: 'text', text: parts.join('\n\n') }] }],
    maxTokens: SUMMARY_MAX_TOKENS,
  };
}

function transcriptLine(turn: Turn): string {
  const message: AgentMessage = turn.message;
  const at = `[step ${turn.step}]`;
  return message.content
    .map((block) => {
      if (block.type === 'text') {
        return `${at} ${message.role === 'assistant' ? 'agent' : 'harness'}: ${block.text}`;
      }
      if (block.type === 'tool_use') return `${at} agent calls ${block.name} ${JSON.stringify(block.input)}`;
      const content =
        block.content.length > RESULT_CHARS
          ? `${block.content.slice(0, RESULT_CHARS)} [… ${block.content.length - RESULT_CHARS} characters cut]`
          : block.content;
      return `${at} result${block.isError ? ' (error)' : ''}: ${content}`;
    })
    .join('\n');
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
