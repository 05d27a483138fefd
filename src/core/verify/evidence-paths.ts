/**
 * File names that hold credentials or keys by convention. Their content never goes to a reviewer
 * model or into a blob, whatever `.gitignore` says (see docs/security.md, "Evidence
 * hygiene"): a `.env` or `truss keygen` key file left untracked and not ignored would otherwise be
 * shown as a new file. Matched against the base name, in any directory.
 */
export const SENSITIVE_FILE_GLOBS: readonly string[] = Object.freeze([
  '.env',
  '.env.*',
  '*.env',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.jks',
  '*.keystore',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'id_ecdsa_sk',
  'id_ed25519_sk',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '.git-credentials',
  '.htpasswd',
  'credentials',
  'credentials.json',
  'secrets.json',
  'signing.key',
]);

/** Directories whose every file is a credential store. */
const SENSITIVE_DIRS: readonly string[] = Object.freeze(['.ssh', '.aws', '.gnupg', '.docker']);

const FILE_PATTERNS = SENSITIVE_FILE_GLOBS.map(
  (glob) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
);

/** Why `path` (repository-relative, `/`-separated) is withheld from evidence, or null when it is not. */
export function sensitivePathReason(path: string): string | null {
  const parts = path.split('/').filter(Boolean);
  const base = parts.at(-1) ?? '';
  if (parts.slice(0, -1).some((dir) => SENSITIVE_DIRS.includes(dir)))
    return 'in a credential directory; withheld from evidence';
  if (FILE_PATTERNS.some((pattern) => pattern.test(base)))
    return 'a key or credential file by name; withheld from evidence';
  return null;
}

/** Git pathspecs that exclude every sensitive file (for `git diff ... -- . <these>`). */
export function sensitivePathspecExcludes(): string[] {
  return [
    ...SENSITIVE_FILE_GLOBS.map((glob) => `:(exclude,glob)**/${glob}`),
    ...SENSITIVE_DIRS.map((dir) => `:(exclude,glob)**/${dir}/**`),
  ];
}
