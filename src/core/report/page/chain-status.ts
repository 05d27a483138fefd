import type { VerifyReport } from '../../ledger/verify-report.js';

export type Tone = 'good' | 'warn' | 'bad' | 'busy';

export interface ChainState {
  tone: Tone;
  /** Short, unmistakable line: "Chain intact, signed by …", "Broken at seq 3: …". */
  headline: string;
  detail: string[];
}

const KEY_CODES = new Set(['untrusted_key', 'key_mismatch']);

/** What the page says about a verification report; the wording the browser tests assert. */
export function chainState(report: VerifyReport): ChainState {
  const count = `${report.entries} ${report.entries === 1 ? 'entry' : 'entries'}`;
  switch (report.status) {
    case 'verified':
      return {
        tone: 'good',
        headline: `Chain intact, signed by ${report.key_id} (pinned)`,
        detail: [`${count}: every hash and signature was recomputed in this page and the signer is pinned.`],
      };
    case 'integrity_only':
      return {
        tone: 'warn',
        headline: report.key_pinned
          ? `Chain intact, signed by ${report.key_id} (pinned), but not every signer is pinned`
          : 'Chain intact but key not pinned',
        detail: [`${count}, signed by ${report.key_id}.`, ...report.notes],
      };
    case 'suspended':
      return {
        tone: 'warn',
        headline: `Chain intact, signed by ${report.key_id} (pinned), but the run is suspended: not a finished run`,
        detail: [`${count}, signed by ${report.key_id}.`, ...report.notes],
      };
    case 'incomplete':
      return {
        tone: 'warn',
        headline: 'Chain intact but incomplete',
        detail: [`${count}, signed by ${report.key_id}.`, ...report.notes],
      };
    default: {
      const failure = report.failure;
      const message = (failure?.message ?? 'unknown reason').replace(/^seq \d+: /, '');
      if (failure && KEY_CODES.has(failure.code)) {
        return { tone: 'bad', headline: `Key mismatch: ${message}`, detail: [`signed by ${report.key_id}`] };
      }
      const where = failure?.seq === null || failure?.seq === undefined ? '' : ` at seq ${failure.seq}`;
      return {
        tone: 'bad',
        headline: `Broken${where}: ${message}`,
        detail: [`failure code ${failure?.code ?? 'unknown'}; do not trust anything this ledger says.`],
      };
    }
  }
}
