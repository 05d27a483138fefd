import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import {
  type ContractFormat,
  type ResolvedContract,
  resolveContractSources,
} from '../../src/core/contract/index.js';
import type { RecalledMemoryBlock } from '../../src/core/executors/context/assembler.js';
import { createNodeCrypto, LedgerStore, type Signer } from '../../src/core/ledger/index.js';
import type {
  ChatRequest,
  ChatResult,
  CompletionResult,
  ContentBlock,
  Provider,
} from '../../src/core/providers/provider.js';
import { ScriptedProvider, type ScriptedResponse } from '../../src/core/providers/scripted.js';
import {
  type RunContractOptions,
  type RunOutcome,
  resumeContract,
  runContract,
} from '../../src/core/run/index.js';
import { BudgetMeter } from '../../src/core/runtime/budget.js';
import { type Ctx, createCtx, type RunEvent } from '../../src/core/runtime/ctx.js';
import type { GitHubReader } from '../../src/core/tools/index.js';
import { APPROVED_CHECK, contractToml } from './contract-toml.js';
import { git, initRepo, README } from './git.js';
import { keyFromByte } from './keys.js';
import { tempDir } from './temp-dir.js';

export const AGENT_KEY = keyFromByte(0x61);
export const APPROVER_KEY = keyFromByte(0x62);

export { git };

/** A fresh directory, optionally a git repository with one commit (and `.truss/` ignored). */
export function makeWorkdir(options: { git?: boolean } = {}): string {
  const dir = tempDir('agent').dir;
  return options.git ? initRepo(dir, { ...README, '.gitignore': '.truss/\n' }) : dir;
}

export function commitCount(dir: string): number {
  return Number(git(dir, 'rev-list', '--count', 'HEAD').trim());
}

/**
 * Resolves contract TOML text like `truss run` (layering, defaults, hash), with core's keys alone
 * unless a host's `format` is given (a session a GitHub host resumes must be resolved with its).
 */
export function contractFrom(
  text: string,
  format?: ContractFormat,
): { contract: ResolvedContract; hash: string } {
  const { contract, hash } = resolveContractSources({ contract: { file: 'contract.toml', text }, format });
  return { contract, hash };
}

/** A tool_use block as a scripted fixture writes it. */
export function use(name: string, input: Record<string, unknown>, text?: string): ScriptedResponse {
  return {
    content: [...(text ? [{ type: 'text' as const, text }] : []), { type: 'tool_use' as const, name, input }],
  } as ScriptedResponse;
}

export function say(text: string, usage?: { input_tokens: number; output_tokens: number }): ScriptedResponse {
  return { content: [{ type: 'text', text }], ...(usage ? { usage } : {}) } as ScriptedResponse;
}

export function scripted(responses: ScriptedResponse[], name = 'test-agent.json'): ScriptedProvider {
  return new ScriptedProvider(responses, { name });
}

/**
 * A model stand-in that is NOT scripted (the runtime never calls it on replay): it answers by
 * position (the number of assistant turns in the request) and counts every request it receives.
 * `hangAt` makes that position's call never return (a crash stand-in: the run is abandoned there).
 */
export class PositionalAgent implements Provider {
  readonly kind = 'openai-compatible' as const;
  readonly model = 'positional-agent';
  readonly requests: number[] = [];
  constructor(
    private readonly answers: Array<{ content: ContentBlock[]; costUsd?: number; tokens?: number }>,
    private readonly options: { hangAt?: number; onCall?: (position: number) => void } = {},
  ) {}

  complete(): Promise<CompletionResult> {
    throw new Error('PositionalAgent only chats');
  }

  async chat(request: ChatRequest, _ctx: Ctx): Promise<ChatResult> {
    const position = request.messages.filter((m) => m.role === 'assistant').length;
    this.requests.push(position);
    this.options.onCall?.(position);
    if (position === this.options.hangAt) return new Promise<ChatResult>(() => {});
    const answer = this.answers[position];
    if (!answer) throw new Error(`PositionalAgent has no answer for position ${position}`);
    return {
      content: structuredClone(answer.content),
      stopReason: answer.content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
      model: this.model,
      usage: { inputTokens: answer.tokens ?? 10, outputTokens: 0, costUsd: answer.costUsd ?? 0 },
    };
  }
}

export function toolUse(id: string, name: string, input: Record<string, unknown>): ContentBlock {
  return { type: 'tool_use', id, name, input };
}

export function text(value: string): ContentBlock {
  return { type: 'text', text: value };
}

export interface AgentRun {
  dbPath: string;
  store: LedgerStore;
  events: RunEvent[];
  close(): void;
}

export function openRunStore(dir = tempDir('agent-db').dir): AgentRun {
  const dbPath = join(dir, 'ledger.db');
  const store = LedgerStore.open(dbPath);
  return { dbPath, store, events: [], close: () => store.close() };
}

export function ctxFor(
  contract: ResolvedContract,
  options: { signal?: AbortSignal; events?: RunEvent[] } = {},
): Ctx {
  return createCtx({
    ...(options.signal ? { signal: options.signal } : {}),
    events: (event) => options.events?.push(event),
    budget: new BudgetMeter({
      maxCostUsd: contract.budget.max_cost_usd,
      maxTotalTokens: contract.budget.max_total_tokens,
      maxSteps: contract.budget.max_steps,
    }),
  });
}

export async function runAgent(options: {
  store: LedgerStore;
  contract: { contract: ResolvedContract; hash: string };
  workdir: string;
  provider: Provider;
  signer?: Signer;
  signal?: AbortSignal;
  events?: RunEvent[];
  clock?: () => number;
  recalledMemory?: RecalledMemoryBlock;
  env?: Record<string, string | undefined>;
  github?: GitHubReader;
  /** More of what a host hands the run (a tool server, approvers…). */
  host?: Partial<RunContractOptions>;
}): Promise<RunOutcome> {
  const { contract, hash } = options.contract;
  return runContract({
    contract,
    contractHash: hash,
    workdir: options.workdir,
    store: options.store,
    signer: options.signer ?? AGENT_KEY,
    ctx: ctxFor(contract, options),
    panel: { unavailable: 'no panel in this test' },
    env: options.env ?? { PATH: process.env.PATH, HOME: process.env.HOME },
    codeVersion: 'test',
    principal: { login: 'test' },
    executorProvider: options.provider,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.recalledMemory ? { recalledMemory: options.recalledMemory } : {}),
    ...(options.github ? { github: options.github } : {}),
    ...options.host,
  });
}

export async function resumeAgent(options: {
  store: LedgerStore;
  sessionId: string;
  contract: ResolvedContract;
  workdir: string;
  provider: Provider;
  signer?: Signer;
  expectedContractHash?: string;
  approvers?: Map<string, string>;
  events?: RunEvent[];
  clock?: () => number;
  env?: Record<string, string | undefined>;
  github?: GitHubReader;
  /** More of what a host hands the resume (a tool server…). */
  host?: Partial<RunContractOptions>;
}): Promise<RunOutcome> {
  return resumeContract({
    sessionId: options.sessionId,
    store: options.store,
    signer: options.signer ?? AGENT_KEY,
    crypto: createNodeCrypto(),
    workdir: options.workdir,
    ctx: ctxFor(options.contract, options),
    panel: { unavailable: 'no panel in this test' },
    env: options.env ?? { PATH: process.env.PATH, HOME: process.env.HOME },
    executorProvider: options.provider,
    expectedContractHash: options.expectedContractHash,
    // The test approver is configured unless a test pins its own set.
    approvers: options.approvers ?? new Map([[APPROVER_KEY.publicKeyHex, 'approver']]),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.github ? { github: options.github } : {}),
    ...options.host,
  });
}

/**
 * For the tests of the enclosing describe: a fresh ledger store and work directory per test (a git
 * repository with `git: true`), the store closed after each. Read them from the returned object.
 */
export function useAgentRun(options: { git?: boolean } = {}): {
  readonly run: AgentRun;
  readonly workdir: string;
} {
  const state = {} as { run: AgentRun; workdir: string };
  beforeEach(() => {
    state.run = openRunStore();
    state.workdir = makeWorkdir(options);
  });
  afterEach(() => state.run.close());
  return state;
}

export function kindsOf(store: LedgerStore, sessionId: string): string[] {
  return [...store.entries(sessionId)].map((e) => e.kind);
}

/** Waits until `predicate` holds (polling), for abandoned runs that hang on purpose. */
export async function waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A contract whose `bash` (matched as `ba*`) is behind an approval gate; its check wants approved.txt. */
export const GATED_CONTRACT_TOML = contractToml(
  { id: 'gated', intent: 'Write approved.txt with bash' },
  APPROVED_CHECK,
  {
    executor: { kind: 'in-loop' },
    constraints: { allow_tools: ['bash', 'read_file'] },
    approval_gates: { enabled: true, high_risk_tools: ['ba*'] },
  },
);

/** The agent for {@link GATED_CONTRACT_TOML}: one gated bash call, then a final answer. */
export function gatedAgent(): ScriptedProvider {
  return scripted([
    use('bash', { command: 'echo approved > approved.txt' }, 'writing it'),
    say('approved.txt written'),
  ]);
}
