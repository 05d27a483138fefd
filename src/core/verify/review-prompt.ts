import type { ReviewEvidence } from './review-evidence.js';

export interface Lens {
  name: 'intent' | 'completeness' | 'correctness' | 'shortcuts';
  focus: string;
}

/** Assigned round-robin: seat i judges through LENSES[i % 4]. */
export const LENSES: readonly Lens[] = [
  {
    name: 'intent',
    focus: 'Does the change do what the intent asks for, rather than something adjacent or narrower?',
  },
  {
    name: 'completeness',
    focus: 'Is every part of the clause satisfied, including edge cases and the parts that are easy to skip?',
  },
  {
    name: 'correctness',
    focus: 'Is the result actually correct? Look for bugs, wrong values, broken behaviour and false claims.',
  },
  {
    name: 'shortcuts',
    focus:
      'Did the author game the verification: hard-coded outputs, disabled or weakened tests, special-casing the checker, stubs presented as done?',
  },
];

/**
 * The refute-first reviewer prompt. The reviewer is told to try to break the claim and is shown
 * only independent evidence (intent, clause, diff, context files) — never the executor's own
 * account of its work.
 */
export function buildReviewPrompt(options: {
  seat: number;
  seats: number;
  lens: Lens;
  intent: string;
  clause: string;
  evidence: ReviewEvidence;
}): { system: string; user: string } {
  const { lens, evidence } = options;
  const system = [
    `You are seat ${options.seat + 1} of ${options.seats} on an adversarial review panel.`,
    'Your job is to REFUTE the claim that the clause below is met. Look for the strongest reason it is not.',
    `Your lens: ${lens.name}. ${lens.focus}`,
    'Judge only from the evidence shown. Claims by the author are not evidence.',
    'Vote "met" only if you tried to refute the claim and could not. Vote "not_met" if you found a concrete reason it fails.',
    'Vote "unverifiable" if the evidence shown is not enough to decide either way.',
    'Answer with ONLY a JSON object: {"vote": "met" | "not_met" | "unverifiable", "reasoning": "<at most a few sentences citing the evidence>"}',
  ].join('\n');
  const parts = [`## Intent\n${options.intent}`, `## Clause to judge\n${options.clause}`];
  parts.push(
    evidence.diff
      ? `## Diff (base..working tree)\n\`\`\`diff\n${evidence.diff}\n\`\`\``
      : '## Diff\n(no changes shown)',
  );
  for (const file of evidence.files) {
    parts.push(
      file.content === null
        ? `## File ${file.path}\n(not shown: ${file.problem})`
        : `## File ${file.path}${file.truncated ? ' (truncated)' : ''}\n\`\`\`\n${file.content}\n\`\`\``,
    );
  }
  if (evidence.notes.length > 0)
    parts.push(`## Limits of this evidence\n${evidence.notes.map((n) => `- ${n}`).join('\n')}`);
  return { system, user: parts.join('\n\n') };
}
