/** Names of the files in a log directory, in one place for the log, its verifier and the GitHub sync. */
export const LOG_FILES = {
  /** `{format, origin, public_key, key_id, verifier_key}` */
  config: 'log.json',
  /** One leaf's data per line (canonical JSON head records), in leaf order. */
  leaves: 'leaves.jsonl',
  /** The latest signed checkpoint note (C2SP tlog-checkpoint). */
  checkpoint: 'checkpoint',
  /** Every checkpoint ever signed, one JSON string (the note text) per line. */
  history: 'checkpoints.jsonl',
  /** Level files `level-NN.bin` of complete subtree hashes. */
  treeDir: 'tree',
} as const;

export const LOG_FORMAT = 'truss.anchor-log.v1';

export interface LogConfig {
  format: typeof LOG_FORMAT;
  origin: string;
  public_key: string;
  key_id: string;
  verifier_key: string;
}
