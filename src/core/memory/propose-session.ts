import { DurableSession } from '../runtime/durable.js';
import type { DecisionSigner } from './decision-session.js';
import { type IngestResult, ingestProposals, type ProposalVia, type ProposedItem } from './proposals.js';

/** `run_started.kind` of a proposal session (it decides nothing: every entry it brings is unverified). */
export const MEMORY_IMPORT_SESSION_KIND = 'memory_import';

/**
 * Signs proposals made outside a run (`truss memory propose`, `truss playbook import`) in a session
 * of their own — `run_started {kind: "memory_import"}`, one `memory_proposed` or `playbook_imported`
 * entry, `run_completed` — then lets the store take them from that entry, as it does a run's.
 */
export function signProposals(
  who: DecisionSigner,
  proposal: {
    kind: 'memory_proposed' | 'playbook_imported';
    via: ProposalVia;
    items: readonly ProposedItem[];
    /** Which playbook sections an import found in each file. */
    sections?: string[][] | undefined;
  },
): { sessionId: string; ingest: IngestResult } {
  const clock = who.clock ?? Date.now;
  const session = DurableSession.start({
    store: who.ledger,
    signer: who.signer,
    codeVersion: who.codeVersion,
  });
  session.record('run_started', () => ({
    payload: {
      session_id: session.id,
      kind: MEMORY_IMPORT_SESSION_KIND,
      via: proposal.via,
      code_version: who.codeVersion,
      principal: who.principal,
      started_at: new Date(clock()).toISOString(),
    },
  }));
  session.record(proposal.kind, () => ({
    payload: {
      via: proposal.via,
      entries: [...proposal.items],
      ...(proposal.sections ? { sections: proposal.sections } : {}),
    },
  }));
  session.record('run_completed', () => ({
    payload: { overall: null, finished_at: new Date(clock()).toISOString() },
  }));
  return {
    sessionId: session.id,
    ingest: ingestProposals(who.memory, session.id, who.ledger.entries(session.id)),
  };
}
