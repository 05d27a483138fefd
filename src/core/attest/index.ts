export { attestBundle, type VerdictAttestation } from './attest-bundle.js';
export {
  decodeBase64Strict,
  IN_TOTO_PAYLOAD_TYPE,
  preAuthEncoding,
  signEnvelope,
  verifyEnvelopeSignature,
} from './dsse.js';
export { AttestationFormatError, AttestationRefusedError } from './errors.js';
export { toSigstoreBundle } from './sigstore-bundle.js';
export {
  IN_TOTO_STATEMENT_TYPE,
  type Subject,
  TRUSS_VERDICT_PREDICATE_TYPE,
  type VerdictPredicate,
} from './statement.js';
export { type AttestationReport, verifyAttestation } from './verify-attestation.js';
