/** Env var names whose values are treated as secrets wherever text leaves the process. */
export const SECRET_NAME_PATTERN = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE)/i;

const MIN_SECRET_LENGTH = 8;

export type Redactor = (text: string) => string;

/**
 * Builds a redactor for the secret values present in `env` (defence in depth: checks run with a
 * scrubbed environment and providers never echo keys, but nothing journaled may ever hold one).
 */
export function secretRedactor(env: Record<string, string | undefined>): Redactor {
  const secrets = Object.entries(env)
    .filter(
      ([name, value]) =>
        SECRET_NAME_PATTERN.test(name) && typeof value === 'string' && value.length >= MIN_SECRET_LENGTH,
    )
    .map(([, value]) => value as string)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('[REDACTED]');
    return out;
  };
}

/** Applies a redactor to raw bytes; secrets are ASCII in practice, so a latin1 round trip keeps other bytes intact. */
export function redactBytes(bytes: Buffer, redact: Redactor): Buffer {
  const text = bytes.toString('latin1');
  const redacted = redact(text);
  return redacted === text ? bytes : Buffer.from(redacted, 'latin1');
}
