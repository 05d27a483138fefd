/** Raised when a value cannot be represented in RFC 8785 canonical JSON. */
export class CanonicalJsonError extends Error {
  override name = 'CanonicalJsonError';
}

/** Raised for a missing, malformed or wrong-length signing or public key. */
export class KeyError extends Error {
  override name = 'KeyError';
}

/** Raised when a ledger append is refused (bad kind, bad payload, unknown or closed session). */
export class LedgerError extends Error {
  override name = 'LedgerError';
}

/** Raised when a bundle file cannot be read as a `truss.ledger.v1` document at all. */
export class BundleFormatError extends Error {
  override name = 'BundleFormatError';
}
