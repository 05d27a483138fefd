import { createHash } from 'node:crypto';
import type { BundleBlobs, TailSource } from './output-tails.js';
import type { LedgerStore } from './store.js';

/** Output tails from the ledger database's blobs (null once shredded), checked against their hash. */
export function tailsFromStore(store: LedgerStore): TailSource {
  return (hash) => {
    const blob = store.blob(hash);
    if (!blob) return undefined;
    if (blob.bytes === null) return null;
    return createHash('sha256').update(blob.bytes).digest('hex') === hash
      ? blob.bytes.toString('utf8')
      : undefined;
  };
}

/** The `blobs` section of a bundle: each referenced tail's text, or `shredded`; unknown ones are left out. */
export function bundleBlobs(store: LedgerStore, hashes: readonly string[]): BundleBlobs {
  const tails = tailsFromStore(store);
  const blobs: BundleBlobs = {};
  for (const hash of hashes) {
    const text = tails(hash);
    if (text === null) blobs[hash] = { shredded: true };
    else if (text !== undefined) blobs[hash] = { utf8: text };
  }
  return blobs;
}
