import { createHash } from 'node:crypto';
import type { TreeHasher } from './hasher.js';

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** The RFC 6962 hasher on node:crypto with incremental updates (no concatenation copies): the log's hot path. */
export function nodeTreeHasher(): TreeHasher {
  return {
    emptyRoot: createHash('sha256').digest(),
    leaf: (data) => createHash('sha256').update(LEAF_PREFIX).update(data).digest(),
    node: (left, right) => createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest(),
  };
}
