import { type HarnessGitOptions, runHarnessGit } from './git-safety.js';

/**
 * Git's own words (in the C locale) for an object it has but cannot trust: its stored content
 * hashes to another name (`hash mismatch`), or it cannot be inflated or parsed (`is corrupt`,
 * `unable to unpack`, an empty or overlong object file). A missing object is said differently
 * (`bad object`, `Needed a single revision`, `missing`), so these never match one.
 */
const DAMAGE =
  /hash mismatch|is corrupt|corrupt loose object|unable to unpack|inflate: |object file \S.* is empty|header for \S+ too long|garbage at end of loose object|unable to parse \S+ header|invalid object type/;

/**
 * The first line of git's errors that says an object of the repository is damaged (present, but
 * not what its name says), or null when none does. A damaged object is not a missing one: fetching
 * does not replace it (git sees it is there), so advice to fetch is wrong for it.
 */
export function objectDamage(stderr: string): string | null {
  const lines = stderr
    .split('\n')
    .filter((line) => DAMAGE.test(line))
    .map((line) => line.replace(/^.*?\b(?:error|fatal): /, '').trim());
  // The line that names the object (`inflate: data stream error` does not), else the first.
  return lines.find((line) => /\b[0-9a-f]{40,64}\b/.test(line)) ?? lines[0] ?? null;
}

/**
 * What to tell the user when `what` (e.g. "the base commit 1a2b…") could not be read in `repo`
 * because git reported `line` ({@link objectDamage}). The object store is the judged work's to write
 * (docs/security.md, "Git metadata"), so the working copy's `.git` is not to be trusted any more.
 */
export function damagedObjectMessage(what: string, repo: string, line: string): string {
  return `${what} in ${repo} is damaged: what is stored under its id is not what the id names (git: ${line}). Its .git/objects were altered after git wrote them (the work that ran there can write them), so fetching will not repair it; run again from a fresh checkout (a new clone, or a re-run of the CI job), and run \`git fsck\` in this one to see what else was altered`;
}

/** Why `revs`' objects cannot be trusted: git's first complaint, the damage it names (if any), its exit. */
export interface UnverifiedObjects {
  problem: string;
  damage: string | null;
  code: number;
}

/**
 * Hashes every object reachable from `revs` as git reads it (`rev-list --objects --verify-objects`),
 * or says why they cannot be trusted. The object store is the work's to write and git reads an
 * object without checking its hash (docs/security.md, "Git metadata"); git prints `hash mismatch`
 * and still exits 0, so anything on stderr counts.
 */
export async function unverifiedObjects(
  root: string,
  revs: readonly string[],
  options: HarnessGitOptions,
): Promise<UnverifiedObjects | null> {
  const out = await runHarnessGit(
    root,
    ['rev-list', '--objects', '--verify-objects', '--no-walk', ...revs, '--'],
    options,
  );
  const stderr = out.stderr.trim();
  if (out.code === 0 && stderr === '') return null;
  return {
    problem: stderr.split('\n')[0] || `exit ${out.code}`,
    damage: objectDamage(stderr),
    code: out.code,
  };
}
