/**
 * Why `text` is not a 64-hex public key, and what to pass instead, without repeating it: a value
 * in a public key's place may be a signing key's secret seed (one line of base64, as `truss keygen`
 * writes it), and errors reach logs, check runs and `--json` (docs/ledger.md "Trusted keys and roles").
 */
export function notAPublicKey(text: string): string {
  const value = text.trim();
  const expected = 'expected a 64-character hex Ed25519 public key';
  if (/^0x[0-9a-f]{64}$/i.test(value)) return `${expected}; leave out the 0x prefix`;
  if (/^SHA256:/.test(value))
    return `${expected}, not a key id (SHA256:…); pin the key itself, as \`truss keygen\` printed it`;
  if (/^(ssh|ecdsa-sha2)-/.test(value))
    return `${expected}, not an OpenSSH key; pin the key \`truss keygen\` printed`;
  if (/^[A-Za-z0-9+/]{43}=$/.test(value))
    return `${expected}, got 44 characters of base64: that is how a signing key's SECRET seed is written (\`truss keygen\`, TRUSS_SIGNING_KEY); never pin or share it. Pin its public key instead: the hex \`truss keygen\` printed, also the --key of the verify line \`truss run\` prints`;
  if (/^[0-9a-f]*$/i.test(value)) return `${expected}, got ${value.length} hex characters`;
  return `${expected}, got ${value.length} characters that are not all hex`;
}
