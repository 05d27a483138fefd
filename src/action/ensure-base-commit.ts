import { damagedObjectMessage, objectDamage, runHarnessGit } from '../core/process/index.js';
import type { WorkspaceGitFacts } from '../github/workspace-git-facts.js';

const COMMIT = /^[0-9a-f]{40}$/;

/** What the diff base is worked out from besides the checkout (docs/action.md, "The diff reviewers see"). */
export interface DiffBaseOptions {
  /** The pull request's head commit, when the run is about one: tells GitHub's merge commit apart. */
  prHead?: string | null;
  /**
   * The merge base of two commits as GitHub knows it (the compare API), for a checkout whose history
   * is too short to find it; null when GitHub cannot say.
   */
  mergeBaseOf?: (base: string, head: string) => Promise<string | null>;
}

/**
 * The commit the reviewers' diff starts from, present in the checkout; null (with a warning saying
 * why) when there is none, and the run goes on without a diff rather than failing.
 *
 * The event's base is the base branch's tip. The diff from it is the pull request's change only when
 * HEAD stands on it: GitHub's merge commit onto it, or a head the base has not moved past. On a
 * checkout of a head behind its base, that diff also shows every later commit of the base, reversed,
 * as the pull request's; so the base is then where the head left the base branch (the merge base), as
 * GitHub's "Files changed" shows. A merge commit GitHub made onto a newer tip than the event names
 * starts from its own first parent. actions/checkout fetches one commit by default: what is missing
 * is fetched by SHA (no shell), and a merge base too far back for the checkout is asked of GitHub.
 * Whether the checkout has the base, and whether it names an `origin` remote, were asked once for
 * the whole start (workspace-git-facts.ts).
 */
export async function ensureBaseCommit(
  facts: WorkspaceGitFacts,
  warn: (message: string) => void,
  options: DiffBaseOptions = {},
): Promise<string | null> {
  const { base: baseSha, head } = facts;
  if (!baseSha) return null;
  if (!facts.hasBase) {
    if (!(await presentOrFetched(facts, baseSha, 'the base commit', warn))) return null;
    facts.hasBase = true;
  }
  if (!head || head === baseSha) return baseSha;
  const parents = await facts.parentsOfHead();
  if (parents.includes(baseSha)) return baseSha;
  const [first, second] = parents;
  if (options.prHead && head !== options.prHead && second === options.prHead && first)
    return (await presentOrFetched(facts, first, "the merge commit's base", warn)) ? first : null;
  const local = await runHarnessGit(facts.workdir, ['merge-base', baseSha, head]);
  const found = local.stdout.trim();
  if (local.code === 0 && COMMIT.test(found)) return found;
  const asked = await options.mergeBaseOf?.(baseSha, head).catch(() => null);
  if (asked && COMMIT.test(asked) && (await presentOrFetched(facts, asked, 'the merge base', warn)))
    return asked;
  warn(
    `HEAD (${head.slice(0, 12)}) is not on the base commit ${baseSha.slice(0, 12)} and where it left the base branch could not be found; reviewers get no diff (use actions/checkout with fetch-depth: 0)`,
  );
  return null;
}

/**
 * Whether `sha` is a commit in the checkout, fetching it (depth 1, from `origin`) when it is not.
 * The safe path (src/core/process/git-safety.ts): a git it refuses (a FIFO in .git) or stops at its
 * deadline fails the run with what to remove; only git's own "no" means no commit. A failed fetch
 * brought nothing to look for; what a fetch that worked brought is checked, not assumed. No `origin`
 * remote: `origin` would be a path in the work tree, the pull request's to fill.
 */
async function presentOrFetched(
  facts: WorkspaceGitFacts,
  sha: string,
  what: string,
  warn: (message: string) => void,
): Promise<boolean> {
  const { workdir } = facts;
  if (sha !== facts.base) {
    const there = await runHarnessGit(workdir, ['cat-file', '-e', `${sha}^{commit}`]);
    if (there.code === 0) return true;
  }
  const fetched = (await facts.hasOriginRemote())
    ? await runHarnessGit(workdir, ['fetch', '--no-tags', '--depth=1', 'origin', sha])
    : null;
  if (fetched) facts.fetched();
  const look =
    fetched?.code === 0 ? await runHarnessGit(workdir, ['cat-file', '-e', `${sha}^{commit}`]) : null;
  if (look?.code === 0) return true;
  // There but damaged (the object store is the work's to write): fetching did not and will not fix it.
  const damage = look ? objectDamage(look.stderr) : null;
  if (damage) {
    warn(`${damagedObjectMessage(`${what} ${sha.slice(0, 12)}`, workdir, damage)}; reviewers get no diff`);
    return false;
  }
  warn(
    `${what} ${sha.slice(0, 12)} is not in the checkout and could not be fetched; reviewers get no diff (use actions/checkout with fetch-depth: 0)`,
  );
  return false;
}
