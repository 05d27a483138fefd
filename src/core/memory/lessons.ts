import type { ResolvedContract } from '../contract/schema.js';
import type { Redactor } from '../process/redact.js';
import type { Provider } from '../providers/provider.js';
import { BudgetExceededError, BudgetMeter } from '../runtime/budget.js';
import type { Ctx } from '../runtime/ctx.js';
import { readJsonAnswer } from '../verify/json-answer.js';
import { KEY_PATTERN } from './entry.js';
import { MemoryError } from './errors.js';
import { type ProposedItem, proposedItem } from './proposals.js';

/** The first words of the extraction prompt (a scripted fixture matches on them). */
export const LESSON_PROMPT_MARK = 'Extract lessons from this verified run';

const MAX_LESSONS = 5;
const MAX_ANSWER_TOKENS = 1024;
const MAX_EVIDENCE_CHARS = 12_000;

/** What the extractor reads: the contract, the signed verdict and how the executor ended. */
export interface LessonSource {
  contract: ResolvedContract;
  verdict: {
    overall: string;
    clauses: Array<{ desc?: string | undefined; status: string; reason?: string | undefined }>;
    forced?: string[];
  };
  executor: { final_text: string; failure: string | null; changed_files: string[] } | null;
  /** The verdict entry: every lesson's `produced_by`. */
  verdictRef: { seq: number; entry_hash: string };
}

export interface ExtractedLessons {
  items: ProposedItem[];
  /** Lessons the model scored below the threshold, or that could not be stored, with why. */
  dropped: Array<{ key: string; salience: number | null; reason: string }>;
  provider: string;
  model: string;
  usage: { input_tokens: number; output_tokens: number; cost_usd: number };
  /** Set when no lessons could be read at all (model error, malformed answer). */
  problem: string | null;
}

const ANSWER_SCHEMA = {
  name: 'lessons',
  description: 'Lessons for future runs of this repository',
  schema: {
    type: 'object',
    properties: {
      lessons: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            key: { type: 'string', description: 'a short slug naming the lesson, e.g. ci-node-version' },
            lesson: { type: 'string', description: 'one lesson: what failed and why, or what fixed it' },
            salience: { type: 'number', description: '0..1: how much future runs gain from knowing it' },
          },
          required: ['key', 'lesson', 'salience'],
          additionalProperties: false,
        },
      },
    },
    required: ['lessons'],
    additionalProperties: false,
  },
};

/**
 * After a verdict, asks a model for lessons (docs/memory.md "Lessons"): what failed and why, what
 * fixed it, one lesson per entry. Lessons scored below `salienceMin` are dropped; the rest become
 * unverified `lesson` proposals whose `produced_by` is the verdict entry. The model's spend is
 * charged to the run's meter after the call (the verdict is already signed, so an exhausted budget
 * only ends extraction). Never throws for a model failure: it is recorded as `problem`.
 */
export async function extractLessons(options: {
  provider: Provider;
  source: LessonSource;
  salienceMin: number;
  ctx: Ctx;
  redact: Redactor;
}): Promise<ExtractedLessons> {
  const { provider, source, redact } = options;
  const base = { provider: provider.kind, model: provider.model };
  const empty = (problem: string, usage = { input_tokens: 0, output_tokens: 0, cost_usd: 0 }) => ({
    ...base,
    items: [],
    dropped: [],
    usage,
    problem,
  });
  let text: string;
  let structured: unknown[] | undefined;
  let usage = { input_tokens: 0, output_tokens: 0, cost_usd: 0 };
  try {
    const result = await provider.complete(
      {
        system:
          'You write lessons that help future automated runs on this repository succeed. A lesson is one short, concrete, ' +
          'generalisable sentence or two: what failed and why, or what fixed it. No lesson is better than a vague one. ' +
          'Answer with the lessons tool when it is offered, else with ONLY one JSON object: ' +
          '{"lessons": [{"key": "<slug>", "lesson": "<text>", "salience": <0..1>}]}',
        messages: [{ role: 'user', content: redact(promptOf(source)) }],
        json: true,
        answerSchema: ANSWER_SCHEMA,
        maxTokens: MAX_ANSWER_TOKENS,
      },
      { ...options.ctx, budget: new BudgetMeter({}) },
    );
    text = result.text;
    structured = result.structured;
    usage = {
      input_tokens: result.usage.inputTokens,
      output_tokens: result.usage.outputTokens,
      cost_usd: result.usage.costUsd,
    };
  } catch (error) {
    if (options.ctx.signal.aborted) throw error;
    return empty(`model call failed: ${redact((error as Error).message ?? String(error))}`);
  }
  try {
    options.ctx.budget.record({
      inputTokens: usage.input_tokens,
      outputTokens: usage.output_tokens,
      costUsd: usage.cost_usd,
    });
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
  }
  const answer = readJsonAnswer(text, structured, ['lessons'], { proseBesideStructured: 'ignore' });
  if ('problem' in answer || !Array.isArray(answer.record.lessons))
    return empty(
      `the model's answer is not {"lessons": [...]} (${'problem' in answer ? answer.problem : 'no list'})`,
      usage,
    );
  const items: ProposedItem[] = [];
  const dropped: ExtractedLessons['dropped'] = [];
  for (const raw of answer.record.lessons.slice(0, MAX_LESSONS * 2)) {
    const lesson = raw as { key?: unknown; lesson?: unknown; salience?: unknown };
    const key = slug(typeof lesson.key === 'string' ? lesson.key : '');
    const salience = typeof lesson.salience === 'number' ? lesson.salience : null;
    const body = typeof lesson.lesson === 'string' ? redact(lesson.lesson.trim()) : '';
    if (salience === null || salience < options.salienceMin) {
      dropped.push({
        key,
        salience,
        reason: `salience ${salience ?? 'missing'} is below ${options.salienceMin}`,
      });
      continue;
    }
    if (items.length >= MAX_LESSONS) {
      dropped.push({ key, salience, reason: `more than ${MAX_LESSONS} lessons` });
      continue;
    }
    try {
      items.push(
        proposedItem({
          kind: 'lesson',
          key,
          body,
          salience: Math.min(1, salience),
          produced_by: source.verdictRef,
        }),
      );
    } catch (error) {
      if (!(error instanceof MemoryError)) throw error;
      dropped.push({ key, salience, reason: error.message });
    }
  }
  return { ...base, items, dropped, usage, problem: null };
}

function promptOf(source: LessonSource): string {
  const { contract, verdict, executor } = source;
  const lines = [
    `${LESSON_PROMPT_MARK} (contract ${contract.contract.id}).`,
    '',
    `Task: ${contract.contract.intent}`,
    '',
    `Verdict: ${verdict.overall.toUpperCase()}`,
    ...verdict.clauses.map(
      (c, i) => `${i + 1}. [${c.status}] ${c.desc ?? ''}${c.reason ? ` — ${c.reason}` : ''}`,
    ),
    ...(verdict.forced?.length ? [`Forced: ${verdict.forced.join('; ')}`] : []),
  ];
  if (executor) {
    lines.push('', `Executor ${executor.failure ? `failed: ${executor.failure}` : 'finished'}.`);
    if (executor.changed_files.length)
      lines.push(`Changed files: ${executor.changed_files.slice(0, 50).join(', ')}`);
    if (executor.final_text) lines.push(`Its final message: ${executor.final_text}`);
  }
  const text = lines.join('\n');
  return text.length > MAX_EVIDENCE_CHARS ? `${text.slice(0, MAX_EVIDENCE_CHARS)}\n…` : text;
}

/** A model's key made a store key: lowercase slug, `lesson` when nothing is left. */
function slug(text: string): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9._:/-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 80);
  return KEY_PATTERN.test(cleaned) ? cleaned : 'lesson';
}
