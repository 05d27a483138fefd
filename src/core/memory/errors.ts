/** Why a memory operation was refused: a stable code callers tell apart without matching the message. */
export type MemoryErrorCode =
  /** A draft or import a store must not hold (bad kind, key, body, salience, reference). */
  | 'bad_entry'
  /** No entry with that id, id prefix or key. */
  | 'no_entry'
  /** An id prefix or key that names more than one entry. */
  | 'ambiguous'
  /** A decision the entry's tier does not allow (promote a rejected entry, revoke an unverified one). */
  | 'bad_transition'
  /** The memory tables are newer than this truss understands. */
  | 'schema_too_new'
  /** A playbook file that cannot be read or imported. */
  | 'bad_playbook';

export class MemoryError extends Error {
  override name = 'MemoryError';
  constructor(
    readonly code: MemoryErrorCode,
    message: string,
  ) {
    super(message);
  }
}
