export * from './attest-bundle.js';
export * from './dsse.js';
export * from './errors.js';
export * from './sigstore-bundle.js';
export * from './statement.js';
export * from './verify-attestation.js';
