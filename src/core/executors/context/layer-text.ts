import type { ResolvedContract } from '../../contract/schema.js';
import type { ContextSettings } from './settings.js';

export const DEFAULT_SYSTEM_PROMPT =
  'You are a careful software engineer working in a repository through the tools you are given. ' +
  'Make the smallest change that fulfils the task. Your work is verified independently after you ' +
  'finish: do not claim success, make it true. When you are done, answer with a short summary and no tool call.';

/** Who the work is for, as `run_started` signed it (docs/context.md "Layers"). */
export interface Principal {
  /** The requester: the pull request's author or whoever started the run. */
  login?: string | undefined;
  /** How the run was started (`cli`, `pull_request`, `issue_comment`, …). */
  via?: string | undefined;
  /** `owner/name` of the repository the work is in. */
  repository?: string | undefined;
}

/** The goal block (intent + definition of done): the first message, never compacted. */
export function goalText(contract: ResolvedContract): string {
  const lines = [`Task: ${contract.contract.intent}`];
  if (contract.contract.title) lines.push(`Title: ${contract.contract.title}`);
  lines.push('', 'Definition of done (verified independently by the harness after you finish):');
  contract.done.forEach((clause, index) => {
    lines.push(`${index + 1}. [${clause.kind}] ${clause.desc}`);
  });
  lines.push(
    '',
    'Work in the current directory with the tools. When the work is complete, reply with a short summary and no tool call.',
  );
  return lines.join('\n');
}

/**
 * The system layer: the core instructions (the contract's `constraints.system` or the default), the
 * principal, and what the harness does to the conversation. `settings` null = a session recorded
 * before context assembly: the core instructions alone, as it was sent then.
 */
export function systemText(
  contract: ResolvedContract,
  settings: ContextSettings | null,
  principal: Principal,
): string {
  const core = contract.constraints.system ?? DEFAULT_SYSTEM_PROMPT;
  if (!settings) return core;
  const parts = [core];
  const who = principalLine(principal);
  if (who) parts.push(who);
  const notes: string[] = [];
  if (settings.goal_repin_every > 0) {
    notes.push(`the harness restates the task every ${settings.goal_repin_every} steps`);
  }
  if (settings.compaction.mode !== 'off') {
    notes.push(
      'when the conversation nears the context window, earlier steps are replaced by a summary (the task itself is always kept)',
    );
  }
  if (notes.length > 0) parts.push(`Context: ${notes.join('; ')}.`);
  return parts.join('\n\n');
}

/** One line naming the principal; empty when nothing is known. Values are reduced to safe characters. */
export function principalLine(principal: Principal): string {
  const safe = (value: string | undefined) =>
    (value ?? '').replace(/[^A-Za-z0-9_.:/@[\]-]/g, '').slice(0, 100);
  const login = safe(principal.login);
  const via = safe(principal.via);
  const repository = safe(principal.repository);
  if (!login && !repository) return '';
  const by = login ? `requested by ${login}${via ? ` (via ${via})` : ''}` : '';
  const where = repository ? `repository ${repository}` : '';
  return `Principal: ${[by, where].filter(Boolean).join(', in ')}.`;
}

/** The re-pinned goal: the goal block again, after `step` model steps (deterministic, so replay matches). */
export function repinText(goal: string, step: number): string {
  return `Reminder from the harness after step ${step}: the task is unchanged.\n\n${goal}`;
}

/** The history layer's head after a compaction: the summary of the steps it replaced. */
export function summaryMessageText(summary: string, fromStep: number, toStep: number, mode: string): string {
  const steps = fromStep === toStep ? `step ${fromStep}` : `steps ${fromStep}–${toStep}`;
  if (mode === 'evict') return summary;
  return `Summary of ${steps}, written when the harness compacted this conversation (the full record is in the signed journal):\n\n${summary}`;
}

/** What replaces the elided steps in `evict` mode. */
export function evictionNotice(fromStep: number, toStep: number): string {
  const steps = fromStep === toStep ? `Step ${fromStep} was` : `Steps ${fromStep}–${toStep} were`;
  return `${steps} removed from this conversation when the harness compacted it to stay within the model's context window; the full record is in the signed journal. Continue from the messages below.`;
}

/** The recalled-memory layer as the model reads it. */
export function memoryText(text: string): string {
  return `Recalled memory (from earlier runs, supplied by the harness):\n\n${text}`;
}
