/**
 * Raised when a verdict attestation cannot be made: the ledger does not verify, has no verdict, or
 * the key offered is not the ledger's. `status` is the `truss verify` outcome behind the refusal, so
 * hosts can exit with the same code `truss verify` would.
 */
export class AttestationRefusedError extends Error {
  override name = 'AttestationRefusedError';
  readonly status: 'failed' | 'incomplete' | 'integrity_only' | 'suspended' | 'input';

  constructor(message: string, status: AttestationRefusedError['status']) {
    super(message);
    this.status = status;
  }
}

/** Raised when an attestation file is not a DSSE envelope or Sigstore bundle at all (bad input, not a forgery). */
export class AttestationFormatError extends Error {
  override name = 'AttestationFormatError';
}
