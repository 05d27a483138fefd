/**
 * Which Truss workflow a repository dispatches is read from two files on its default branch, two
 * requests per `/truss run`. Those files can only change with a push, and every webhook payload
 * carries the repository's `pushed_at`, so the answer is kept per repository state: a push starts a
 * new key. A dispatch refused for a cached name drops the entry and resolves again (see request-run).
 */
export class WorkflowCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly capacity = 1024) {}

  get(key: string): string | undefined {
    const workflow = this.entries.get(key);
    if (workflow === undefined) return undefined;
    // Least recently used goes first: re-insert what is read.
    this.entries.delete(key);
    this.entries.set(key, workflow);
    return workflow;
  }

  set(key: string, workflow: string): void {
    this.entries.delete(key);
    this.entries.set(key, workflow);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}

/** Where a run request may remember the resolved workflow: the cache and this repository state's key. */
export interface CachedWorkflowSlot {
  cache: WorkflowCache;
  key: string;
}

/**
 * The slot for a repository at its default branch as the webhook saw it, or undefined when the
 * payload has no `pushed_at` (nothing safe to key on: resolve every time).
 */
export function workflowSlot(
  cache: WorkflowCache,
  repository: { full_name: string; default_branch: string; pushed_at?: string | number | null },
): CachedWorkflowSlot | undefined {
  if (repository.pushed_at === undefined || repository.pushed_at === null) return undefined;
  return { cache, key: `${repository.full_name}@${repository.default_branch}#${repository.pushed_at}` };
}
