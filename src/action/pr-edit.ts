/**
 * Whether this job is a pull request's `edited` event that left its base branch as it was (a new
 * title or description): the contracts come from the base, so the verdicts already on the head still
 * hold and there is nothing to run. An edit that changes the base is run like a new push: the
 * contracts of the new base judge the head (docs/action.md "Triggers"), so a pull request retargeted
 * at a branch with weaker contracts and back again ends with the verdict of the base it merges into.
 */
export function editedWithoutBaseChange(eventName: string, payload: Record<string, unknown>): boolean {
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target') return false;
  if (payload.action !== 'edited') return false;
  const changes = payload.changes;
  return !(typeof changes === 'object' && changes !== null && 'base' in changes);
}
