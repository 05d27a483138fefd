export const VOTES = ['met', 'not_met', 'unverifiable'] as const;
export type Vote = (typeof VOTES)[number];
export type ClauseStatus = Vote;

const MAX_REASONING_CHARS = 4000;

/**
 * Reads a reviewer's structured answer defensively: the JSON may be fenced, surrounded by prose or
 * use "not met" spellings. Anything that is not a recognisable vote is `unverifiable`, never `met`.
 */
export function parseVote(text: string): { vote: Vote; reasoning: string; parsed: boolean } {
  const candidate = extractJsonObject(text);
  if (candidate !== null) {
    try {
      const data = JSON.parse(candidate) as Record<string, unknown>;
      const vote = normalizeVote(data.vote);
      const reasoning = typeof data.reasoning === 'string' ? data.reasoning : '';
      if (vote) return { vote, reasoning: clip(reasoning), parsed: true };
    } catch {
      // fall through: unparseable answers are unverifiable
    }
  }
  return {
    vote: 'unverifiable',
    reasoning: clip(`unparseable reviewer answer: ${text.slice(0, 300)}`),
    parsed: false,
  };
}

function extractJsonObject(text: string): string | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : null;
}

function normalizeVote(value: unknown): Vote | null {
  if (typeof value !== 'string') return null;
  const word = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (VOTES as readonly string[]).includes(word) ? (word as Vote) : null;
}

function clip(text: string): string {
  return text.length > MAX_REASONING_CHARS ? `${text.slice(0, MAX_REASONING_CHARS)}…` : text;
}

/**
 * SPEC §5 majority: `met` iff strictly more than half the seats say met; `unverifiable` iff every
 * seat is unverifiable; otherwise `not_met` (default-to-fail).
 */
export function majority(votes: readonly Vote[]): ClauseStatus {
  if (votes.length === 0) return 'unverifiable';
  const met = votes.filter((v) => v === 'met').length;
  if (met * 2 > votes.length) return 'met';
  if (votes.every((v) => v === 'unverifiable')) return 'unverifiable';
  return 'not_met';
}
