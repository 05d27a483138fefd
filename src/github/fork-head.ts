/**
 * Whether a pull request's head lives outside its base repository. Fails closed: a head repository
 * GitHub does not name (`head.repo: null` once a fork is deleted, while its pull request stays open)
 * counts as a fork, so its branch name is never pushed to in this repository and its code never
 * runs as trusted.
 */
export function isForkHead(
  head: { full_name?: string } | null | undefined,
  base: { full_name?: string } | null | undefined,
): boolean {
  const headName = head?.full_name?.toLowerCase();
  return !(headName !== undefined && headName !== '' && headName === base?.full_name?.toLowerCase());
}
