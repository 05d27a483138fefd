import type { RunReport } from '../../core/run/index.js';

export type CheckConclusion = 'success' | 'failure' | 'neutral' | 'action_required';

/**
 * The check run conclusion for a verdict. Only PASS is success; a failed run (no verdict) is always
 * failure; UNVERIFIABLE is failure unless the contract opted into neutral. Anything unexpected
 * fails closed. A suspended run waits for a person: action_required, never success.
 */
export function conclusionFor(
  overall: RunReport['overall'],
  unverifiableAs: 'failure' | 'neutral',
): CheckConclusion {
  switch (overall) {
    case 'pass':
      return 'success';
    case 'suspended':
      return 'action_required';
    case 'unverifiable':
      return unverifiableAs === 'neutral' ? 'neutral' : 'failure';
    default:
      return 'failure';
  }
}
