/**
 * Where a ledger head gets anchored (docs/anchor.md). The default anchors nothing; the transparency log
 * anchors only the head hash and its seq. Anchoring failure is explicit: an anchor either returns a
 * receipt it has verified itself or throws — it never claims a receipt it does not have.
 */
import type { Signer } from '../ledger/keys.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import { openCheckpoint } from './checkpoint.js';
import type { TreeHasher } from './hasher.js';
import { anchorLeafData } from './leaf-record.js';
import { verifyInclusion } from './merkle-verify.js';
import { type AnchorReceiptPayload, buildReceipt } from './receipt.js';
import { TransparencyLog } from './transparency-log.js';

/** The head being anchored: the hash of ledger entry `seq`. */
export interface AnchoredHead {
  headHash: string;
  seq: number;
}

export interface Anchor {
  readonly kind: string;
  /** Anchors `head`; null when this anchor records nothing (noop). */
  anchor(head: AnchoredHead): Promise<AnchorReceiptPayload | null>;
}

/** The default: local signatures only, no receipt. */
export const noopAnchor: Anchor = {
  kind: 'noop',
  anchor: async () => null,
};

/**
 * Anchors heads in a TransparencyLog directory: append the head record, sign a checkpoint (which the
 * log refuses if it would fork), then check the inclusion proof against that signed checkpoint before
 * handing out the receipt.
 */
export class TransparencyLogAnchor implements Anchor {
  readonly kind = 'transparency-log';

  constructor(
    private readonly options: {
      dir: string;
      signer: Signer;
      crypto: LedgerCrypto;
      hasher: TreeHasher;
    },
  ) {}

  async anchor(head: AnchoredHead): Promise<AnchorReceiptPayload> {
    return anchorInLog(this.options, head);
  }
}

/** The synchronous core of TransparencyLogAnchor, for callers that are not async (the CLI). */
export function anchorInLog(
  options: { dir: string; signer: Signer; crypto: LedgerCrypto; hasher: TreeHasher },
  head: AnchoredHead,
): AnchorReceiptPayload {
  const log = TransparencyLog.open(options.dir, { crypto: options.crypto, hasher: options.hasher });
  try {
    // A key that cannot sign the checkpoint must not leave an unsigned leaf behind for the next one.
    log.requireSigner(options.signer);
    const { index, leafHash } = log.append(anchorLeafData(head));
    const checkpoint = log.sign(options.signer);
    const proof = log.inclusionProof(index, checkpoint.size);
    // Check what we hand out exactly as a verifier will: from the signed note, not from memory.
    const reopened = openCheckpoint(checkpoint.note, log.key, options.crypto);
    verifyInclusion(options.hasher, index, reopened.size, leafHash, proof, reopened.root);
    return buildReceipt({
      origin: log.origin,
      publicKey: log.key.publicKey,
      leafIndex: index,
      checkpoint,
      proof,
      headHash: head.headHash,
      seq: head.seq,
      sha256: options.crypto.sha256,
    });
  } finally {
    log.close();
  }
}
