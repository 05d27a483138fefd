import { isRunSecretKind, type RedactionCounts, type Redactor } from '../process/redact.js';
import { diffGitHeaderPath } from '../verify/diff-hunks.js';

/** The executor's diff as the ledger records it, and what the secret scan had to change in it. */
export interface RecordedDiff {
  bytes: Buffer;
  /** What the scan removed, by kind (never the values); empty when the diff is recorded as taken. */
  redactions: RedactionCounts;
  /**
   * Set when the scan changed the diff: the recorded diff is then not the work, so the clean room
   * must not rebuild the checks' copy from it (it would judge the scan's marks, not the agent's work).
   */
  diffError: string | null;
  /** Set when the work holds a value this run holds (a key, a token): the run fails closed. */
  failure: string | null;
}

/**
 * Records `diff` (`git diff --binary` of the work) after the secret scan, file by file so that the
 * message can name the files the scan changed (docs/security.md "The secret scan"). A value of the
 * run in the work fails the run; text merely shaped like a credential (an Ed25519 public key has a
 * signing seed's shape) makes the clean-room checks UNVERIFIABLE with what to do, never PASS on a
 * copy that is not the work.
 */
export function recordWorkDiff(diff: string, redact: Redactor): RecordedDiff {
  const redactions: RedactionCounts = {};
  const sources = new Set<string>();
  const files = new Map<string, Set<string>>();
  const pieces = fileChunks(diff).map((chunk) => {
    const scan = redact.scan ? redact.scan(chunk) : { text: redact(chunk), counts: {} };
    const kinds = Object.keys(scan.counts);
    if (kinds.length === 0 && scan.text !== chunk) kinds.push('secret');
    if (kinds.length > 0) {
      const name = redact(pathOf(chunk));
      files.set(name, new Set([...(files.get(name) ?? []), ...kinds]));
    }
    for (const [kind, n] of Object.entries(scan.counts)) redactions[kind] = (redactions[kind] ?? 0) + n;
    for (const name of scan.sources ?? []) sources.add(name);
    return scan.text;
  });
  const bytes = Buffer.from(pieces.join(''), 'utf8');
  if (files.size === 0) return { bytes, redactions, diffError: null, failure: null };
  const where = [...files]
    .slice(0, 5)
    .map(([file, kinds]) => `${file} (${[...kinds].sort().join(', ')})`)
    .join(', ');
  const more = files.size > 5 ? ` and ${files.size - 5} more file(s)` : '';
  const runSecret = Object.keys(redactions).some(isRunSecretKind);
  if (runSecret) {
    const failure =
      `the work holds ${heldSecret([...sources].sort())} in ${where}${more}: ` +
      `the ledger records the diff without it and the run fails. Remove it from the change${notSecret([...sources].sort())}`;
    return { bytes, redactions, diffError: failure, failure };
  }
  return {
    bytes,
    redactions,
    diffError:
      `the work adds text shaped like a credential in ${where}${more}, which the secret scan keeps out of the ` +
      'ledger, so the recorded diff is not the work and the clean-room checks would judge the scan marks instead. ' +
      'If it is a credential, remove it from the change; if it is public (an Ed25519 public key, a test ' +
      'fixture), set [sandbox] checkout = "in-place" so the checks judge the files themselves',
    failure: null,
  };
}

/**
 * What the run holds that the work holds: the variables by name when the scan knows them (a name
 * is not secret, and without it a variable named like a secret but holding a word of the code,
 * `POSTGRES_PASSWORD=postgres`, failed the run naming nothing to change; docs/security.md).
 */
function heldSecret(names: readonly string[]): string {
  if (names.length === 0) return 'a secret this run holds (a signing key, a token or the provider API key)';
  const listed =
    names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  return `the value of ${names.length === 1 ? 'the environment variable' : 'the environment variables'} ${listed}, which this run treats as a secret (its name contains KEY, TOKEN, SECRET, PASSWORD, PASSWD, CREDENTIAL or PRIVATE)`;
}

/** What to do when the named variable holds no secret at all. */
function notSecret(names: readonly string[]): string {
  if (names.length === 0) return '';
  return `; if ${names.length === 1 ? 'it holds' : 'they hold'} no secret (a value as common as a word of the code), do not set ${names.length === 1 ? 'it' : 'them'} in the environment Truss runs in`;
}

/** `diff` cut before each `diff --git` header: one piece per file (the first may be empty). */
function fileChunks(diff: string): string[] {
  const starts = [0];
  for (const match of diff.matchAll(/^diff --git /gm)) if (match.index > 0) starts.push(match.index);
  return starts.map((start, i) => diff.slice(start, starts[i + 1] ?? diff.length)).filter(Boolean);
}

/** The file a `git diff` piece is about, as its `diff --git` header names it (C-quoted names read). */
function pathOf(chunk: string): string {
  const header = chunk.split('\n', 1)[0] ?? '';
  return (header.startsWith('diff --git ') ? diffGitHeaderPath(header) : null) ?? 'the diff';
}
