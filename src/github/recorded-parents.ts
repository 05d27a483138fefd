import { runHarnessGit } from '../core/process/index.js';

/**
 * A commit's parents as the commit object names them. A one-commit checkout (actions/checkout's
 * default depth) shows git no history past HEAD, so `HEAD^1` and `rev-list --parents` answer nothing,
 * but the commit itself still names its parents. Empty when the commit cannot be read.
 */
export async function recordedParents(workdir: string, commit: string): Promise<string[]> {
  const read = await runHarnessGit(workdir, ['cat-file', 'commit', commit]);
  if (read.code !== 0) return [];
  const header = read.stdout.split('\n\n', 1)[0] ?? '';
  return [...header.matchAll(/^parent ([0-9a-f]{40})$/gm)].map((match) => match[1] as string);
}
