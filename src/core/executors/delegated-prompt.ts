import { createHash } from 'node:crypto';

export interface DelegatedPromptInput {
  intent: string;
  /** The contract's title; omitted from the prompt when absent or blank. */
  contractTitle?: string | null | undefined;
  /** The definition-of-done descriptions (each clause's `desc`), in contract order. */
  done: readonly string[];
  /** Recalled memory (docs/memory.md "Recall"): a labelled block shown after the definition of done. */
  memory?: string | undefined;
}

/**
 * The task text handed to a delegated agent CLI: what to do, and the criteria it will be verified
 * against. Deterministic for the same input, so its sha256 identifies what the agent was asked.
 */
export function buildDelegatedPrompt(input: DelegatedPromptInput): string {
  const title = input.contractTitle?.trim();
  const done = input.done.map((desc) => desc.trim()).filter((desc) => desc.length > 0);
  const lines: string[] = [
    'You are working in a git repository; the current directory is the working tree.',
    'Complete the task below by editing files in this working tree.',
    '',
    title ? `# Task: ${oneLine(title)}` : '# Task',
    '',
    input.intent.trim(),
    '',
  ];
  if (done.length > 0) {
    lines.push(
      '# Definition of done',
      '',
      'When you finish, your changes will be verified independently against every one of these criteria:',
      '',
      ...done.map((desc, i) => `${i + 1}. ${indentContinuation(desc, `${i + 1}. `.length)}`),
      '',
    );
  }
  if (input.memory) lines.push(input.memory.trim(), '');
  lines.push(
    '# Instructions',
    '',
    '- Make the changes directly in the files of this working tree; committing is not required.',
    '- Keep the change focused on the task; do not modify unrelated files.',
    '- When you are done, reply with a short summary of what you changed.',
    '',
  );
  return lines.join('\n');
}

/** sha256 hex of the prompt's UTF-8 bytes. */
export function promptSha256(prompt: string): string {
  return createHash('sha256').update(prompt, 'utf8').digest('hex');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

function indentContinuation(text: string, width: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(width)}`);
}
