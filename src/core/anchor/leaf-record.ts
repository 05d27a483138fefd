import { canonicalJson } from '../ledger/canonical-json.js';

export const LEAF_SCHEMA = 'truss.anchor.leaf.v1';

/**
 * The data of one log leaf: a ledger head and its seq as canonical JSON, nothing else. Why so little:
 * only hashes leave the box (docs/anchor.md), and the head hash already commits to the whole chain.
 */
export function anchorLeafData(head: { headHash: string; seq: number }): string {
  return canonicalJson({ head_hash: head.headHash, schema: LEAF_SCHEMA, seq: head.seq });
}
