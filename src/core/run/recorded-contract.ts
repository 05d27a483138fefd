import { contractHash as contractHashOf } from '../contract/resolve.js';
import { CORE_CONTRACT_FORMAT, type ContractFormat, type ResolvedContract } from '../contract/schema.js';
import { createNodeCrypto, type LedgerStore, NO_TRUSTED_KEYS, tryReadEntry } from '../ledger/index.js';
import { ResumeRefusedError } from '../runtime/durable.js';
import { chainRefusal } from '../runtime/durable-checkpoints.js';
import { type GitInfo, recordedGitInfo } from '../verify/git-info.js';

/** The contract a session recorded in `run_started`, checked against its recorded hash. */
export interface RecordedContract {
  contract: ResolvedContract;
  contractHash: string;
  codeVersion: string;
  git: GitInfo | null;
  status: string;
}

/**
 * Reads the contract a session runs under from its signed `run_started` entry (the source of truth
 * on resume), and refuses one whose recorded hash does not match its recorded contract. `format` is
 * the one the host resolved it with: a host's keys (e.g. GitHub's) parse only with its format.
 */
export function readRecordedContract(
  store: LedgerStore,
  sessionId: string,
  format: ContractFormat = CORE_CONTRACT_FORMAT,
): RecordedContract {
  const info = store.requireSession(sessionId);
  // Read before the chain walk: a refusal here names the broken chain when there is one (as `truss
  // ledger verify` would), not the contract an edit of the journal happened to spoil.
  const refuse = (message: string): never => {
    const report = store.verifySession(sessionId, { crypto: createNodeCrypto(), trusted: NO_TRUSTED_KEYS });
    throw report.status === 'failed' ? chainRefusal(sessionId, report) : new ResumeRefusedError(message);
  };
  const first = store.entry(sessionId, 0);
  if (first?.kind !== 'run_started')
    return refuse(`session ${sessionId} has no run_started entry to resume from`);
  const read = tryReadEntry(first, 'run_started');
  if ('error' in read) return refuse(`session ${sessionId}: ${read.error}`);
  const started = read.payload;
  const parsed = format.resolved.safeParse(started.contract);
  if (!parsed.success) {
    return refuse(
      `session ${sessionId}: the recorded contract does not parse with this truss (${parsed.error.issues[0]?.message ?? 'invalid'})`,
    );
  }
  const contract = parsed.data as ResolvedContract;
  const hash = contractHashOf(contract);
  if (hash !== started.contract_hash) {
    return refuse(
      `session ${sessionId}: the recorded contract hashes to ${hash}, not the recorded contract_hash ${started.contract_hash}`,
    );
  }
  return {
    contract,
    contractHash: hash,
    codeVersion: started.code_version ?? info.code_version,
    git: recordedGitInfo(started.git),
    status: info.status,
  };
}
