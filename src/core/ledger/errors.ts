/** Raised when a value cannot be represented in RFC 8785 canonical JSON. */
export class CanonicalJsonError extends Error {
  override name = 'CanonicalJsonError';
}

/** Raised for a missing, malformed or wrong-length signing or public key. */
export class KeyError extends Error {
  override name = 'KeyError';
}

/**
 * Why a ledger operation was refused: a stable name for callers (and tests) that must tell failures
 * apart without matching the human-readable message, which may be reworded.
 */
export type LedgerErrorCode =
  /** The database file cannot be opened at all (missing with mustExist, a directory, no permission). */
  | 'open_failed'
  /** The file is not a truss ledger: not SQLite, no ledger schema, or unusable as one. */
  | 'not_a_ledger'
  /** A database without a ledger schema that holds another application's tables. */
  | 'foreign_database'
  /** The file holds a trigger, a view or a table truss declares otherwise (schema-guard.ts). */
  | 'foreign_schema'
  /** The ledger schema is newer than this truss understands. */
  | 'schema_too_new'
  /** A write on a store opened read-only. */
  | 'read_only'
  /** createSession with an id that is taken. */
  | 'session_exists'
  /** An imported bundle carries a child session none of its `child_anchor` entries names, or one twice. */
  | 'unanchored_child'
  /** No session with that id in the database. */
  | 'no_session'
  /** A signal for a session that completed or failed: no run waits for it any more. */
  | 'session_finished'
  /** No entry at that seq in the session. */
  | 'no_entry'
  /** No blob with that hash in the database. */
  | 'no_blob'
  /** An entry kind outside `^[a-z][a-z0-9_]{0,63}$`. */
  | 'bad_kind'
  /** A payload that is not a JSON object. */
  | 'bad_payload'
  /** A payload above MAX_PAYLOAD_BYTES (it belongs in a blob). */
  | 'payload_too_large'
  /** A run_started that names another session than the one it is appended to. */
  | 'session_mismatch'
  /** deferSync asked for an entry that must be committed durably. */
  | 'defer_sync_refused'
  /** The signer is not the key the entry (or checkpoint) must be signed by. */
  | 'wrong_signer'
  /** A tool_memo key already recorded for the session. */
  | 'memo_exists'
  /** A signal to deliver that is not pending (delivered twice?). */
  | 'signal_not_pending'
  /** A review or anchor asked for a session or bundle with no evidence entry to attest. */
  | 'nothing_to_attest'
  /** A blob hash that is not 64 lowercase hex characters. */
  | 'bad_hash'
  /** A stored blob whose bytes do not hash to its key (edited in the file). */
  | 'blob_tampered'
  /** A head (hash or seq) to extend or attest that is malformed or missing. */
  | 'bad_head'
  /** A checkpoint whose hash is not the stored entry's at its seq. */
  | 'checkpoint_mismatch'
  /** A pre-signed approval that is not a well-formed human_review entry. */
  | 'malformed_review'
  /** A pre-signed approval signed by a key not pinned as a reviewer. */
  | 'untrusted_reviewer'
  /** A pre-signed approval whose hash, signature or link does not check out. */
  | 'review_refused'
  /** A pre-signed approval signed for another entry than the ledger's next (the ledger moved). */
  | 'stale_review'
  /** A catalogued entry whose payload does not fit its kind (entry-kinds.ts), or not of the kind asked for. */
  | 'malformed_entry'
  /** An export of a row whose stored payload text a bundle cannot carry (not its canonical JSON). */
  | 'not_exportable';

/** Raised when a ledger operation is refused (bad kind, bad payload, unknown session, unusable database); `code` says which. */
export class LedgerError extends Error {
  override name = 'LedgerError';
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Raised when a bundle file cannot be read as a `truss.ledger.v1` document at all. */
export class BundleFormatError extends Error {
  override name = 'BundleFormatError';
}
