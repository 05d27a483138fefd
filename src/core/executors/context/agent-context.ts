import { createHash } from 'node:crypto';
import type { ResolvedContract } from '../../contract/schema.js';
import type { LedgerEntry } from '../../ledger/entry.js';
import type { Redactor } from '../../process/redact.js';
import type {
  AgentMessage,
  ChatRequest,
  ContentBlock,
  Provider,
  ToolSpec,
} from '../../providers/provider.js';
import type { Ctx } from '../../runtime/ctx.js';
import type { DurableSession } from '../../runtime/durable.js';
import { ContextAssembler, type RecalledMemoryBlock, totalOf } from './assembler.js';
import { CONTEXT_SUMMARY_PURPOSE, compactContext } from './compaction.js';
import { ContextGauge, type GaugeReading, IMMINENT_WITHIN_STEPS } from './gauge.js';
import { goalText, type Principal, systemText } from './layer-text.js';
import { type ContextSettings, recordedContextSettings } from './settings.js';
import { messageTokens } from './tokens.js';

export interface AgentContextOptions {
  session: DurableSession;
  contract: ResolvedContract;
  provider: Provider;
  ctx: Ctx;
  redact: Redactor;
  tools: readonly ToolSpec[];
  /** The `executor_started` entry (recorded or live): its `context` decides how requests are built. */
  started: LedgerEntry;
  principal: Principal;
  /** Recalled memory deltas to show the agent (docs/context.md "Layers"); ignored by a legacy session. */
  recalledMemory?: RecalledMemoryBlock | null | undefined;
  maxTokens?: number | undefined;
}

/**
 * The in-loop agent's context for one run (docs/context.md): the layered assembler, the gauge, the
 * goal re-pin and governed compaction, driven at each step boundary. A session whose
 * `executor_started` recorded no context settings (one started before this existed) gets exactly the
 * requests it was sent then: no principal, no re-pin, no layer entries, no compaction.
 */
export class AgentContext {
  readonly settings: ContextSettings | null;
  readonly #options: AgentContextOptions;
  readonly #assembler: ContextAssembler;
  readonly #gauge: ContextGauge | null;
  #sentEstimate = 0;

  constructor(options: AgentContextOptions) {
    this.#options = options;
    this.settings = recordedContextSettings(options.started.payload);
    const settings = this.settings;
    this.#assembler = new ContextAssembler({
      tools: options.tools,
      system: systemText(options.contract, settings, options.principal),
      goal: goalText(options.contract),
      minTail: settings?.compaction.min_tail ?? 6,
      memory: settings ? options.recalledMemory : null,
      stablePrefix: settings !== null && settings.cache !== 'none',
    });
    this.#gauge = settings ? new ContextGauge(settings.window, settings.compaction.threshold) : null;
  }

  get assembler(): ContextAssembler {
    return this.#assembler;
  }

  /**
   * The request for model call `step + 1`, after the boundary's work: the goal re-pin when due
   * (`goal_repinned`), the gauge reading (`context_pressure`, `compaction_imminent` events), a
   * compaction when past the threshold (`compaction_performed`) and the layer sizes
   * (`context_layers`). Throws what a summary call throws (budget, provider errors).
   */
  async beforeStep(step: number): Promise<ChatRequest> {
    const { session, ctx } = this.#options;
    const settings = this.settings;
    const gauge = this.#gauge;
    if (!settings || !gauge) return this.#assembler.request(this.#options.maxTokens);
    const every = settings.goal_repin_every;
    if (every > 0 && step > 0 && step % every === 0) this.#repin(step);

    let reading = gauge.read(totalOf(this.#assembler.layerSizes()));
    ctx.events({ type: 'context_pressure', step: step + 1, ...pick(reading) });
    const policy = settings.compaction;
    const left = reading.stepsToThreshold;
    if (policy.mode !== 'off' && left !== null && left > 0 && left <= IMMINENT_WITHIN_STEPS) {
      ctx.events({ type: 'compaction_imminent', step: step + 1, steps_to_threshold: left });
    }
    if (this.#compactionDue(reading)) {
      const done = await compactContext({
        ...this.#options,
        assembler: this.#assembler,
        policy,
        step,
        before: reading,
      });
      if (done) {
        gauge.reset();
        reading = gauge.read(totalOf(this.#assembler.layerSizes()));
      }
    }
    const layers = this.#assembler.layerSizes();
    this.#sentEstimate = totalOf(layers);
    const memory = this.#assembler.memory;
    await session.activity(
      'context_layers',
      '',
      async () => ({
        payload: {
          step: step + 1,
          layers: { ...layers },
          estimated_tokens: this.#sentEstimate,
          projected_tokens: reading.tokens,
          window: reading.window,
          pressure: reading.pressure,
          ...(memory ? { memory_ids: [...memory.ids] } : {}),
        },
      }),
      undefined,
      { deferSync: true },
    );
    return this.#assembler.request(this.#options.maxTokens);
  }

  /** The model's answer of step `step` (its journaled entry and usage). */
  answered(
    content: ContentBlock[],
    step: number,
    entry: LedgerEntry,
    usage: { inputTokens: number; outputTokens: number },
  ): void {
    const message: AgentMessage = { role: 'assistant', content };
    this.#assembler.push(message, step, entry.seq);
    this.#gauge?.reported(usage, this.#sentEstimate, messageTokens(message));
  }

  /** The tool results of step `step`, journaled up to the session's last entry. */
  results(content: ContentBlock[], step: number): void {
    this.#assembler.push({ role: 'user', content }, step, this.#options.session.lastSeq);
  }

  #repin(step: number): void {
    const text = this.#assembler.repin(step);
    const sha = createHash('sha256').update(text, 'utf8').digest('hex');
    this.#options.session.record(
      'goal_repinned',
      () => ({
        payload: {
          step,
          goal_sha256: sha,
          tokens: messageTokens({ role: 'user', content: [{ type: 'text', text }] }),
        },
      }),
      {
        check: (recorded) =>
          recorded.payload.goal_sha256 === sha && recorded.payload.step === step
            ? null
            : `goal re-pin at step ${step} (${sha.slice(0, 12)}…), recorded step ${String(recorded.payload.step)}`,
        // Deterministic, and the model_result after it is committed durably: like context_layers,
        // it needs no fsync of its own (docs/context.md "Goal re-pin").
        deferSync: true,
      },
    );
    this.#options.ctx.events({ type: 'goal_repinned', step });
  }

  /**
   * Live: the policy is on, the projection is at or past the threshold and there is history to
   * elide. Replaying: whatever the journal did at this boundary (a summary call or the compaction
   * entry comes next), so a resumed run rebuilds the context the live run had.
   */
  #compactionDue(reading: GaugeReading): boolean {
    const { session } = this.#options;
    if (session.replaying) {
      const next = session.peek();
      return (
        next !== undefined &&
        (next.kind === 'compaction_performed' ||
          (next.kind === 'model_result' && next.payload.purpose === CONTEXT_SUMMARY_PURPOSE))
      );
    }
    const settings = this.settings as ContextSettings;
    return (
      settings.compaction.mode !== 'off' &&
      (this.#gauge as ContextGauge).over(reading) &&
      this.#assembler.elidable().length > 0
    );
  }
}

function pick(reading: GaugeReading) {
  return { tokens: reading.tokens, window: reading.window, pressure: reading.pressure };
}
