import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * A path the calling agent gave `truss mcp serve` that it may not use: outside the served directory
 * (`..`, an absolute path elsewhere, a symlink pointing out), missing, or of the wrong type. The
 * message says which and what is allowed; it becomes the tool's error result.
 */
export class ServedPathError extends Error {
  override name = 'ServedPathError';
}

/** The session ids `truss mcp serve` accepts (a session id is also a bundle's file name). */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Resolves `input` (relative to `base`, itself inside `root`) to its real path — every symlink
 * followed — and refuses it unless that real path is `root` or below it and is a `kind`. The real
 * path is what the caller goes on to read, so a link cannot point elsewhere between check and use
 * except by being replaced on disk.
 */
export function confinedPath(
  root: string,
  base: string,
  input: unknown,
  what: string,
  kind: 'file' | 'directory',
): string {
  if (typeof input !== 'string' || input.trim() === '') {
    throw new ServedPathError(`${what} must be a non-empty path`);
  }
  if (input.includes('\0')) throw new ServedPathError(`${what} contains a NUL byte`);
  const wanted = resolve(base, input);
  let real: string;
  try {
    real = realpathSync(wanted);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ServedPathError(
      `${what} ${JSON.stringify(input)} ${code === 'ENOENT' ? 'does not exist' : `cannot be resolved (${code ?? 'error'})`} under ${root}`,
    );
  }
  if (!within(real, root)) {
    throw new ServedPathError(
      `${what} ${JSON.stringify(input)} resolves to ${real}, outside the directory this server serves (${root}); only paths inside it are accepted`,
    );
  }
  const stat = statSync(real);
  if (kind === 'file' ? !stat.isFile() : !stat.isDirectory()) {
    throw new ServedPathError(
      `${what} ${JSON.stringify(input)} is not a ${kind === 'file' ? 'regular file' : 'directory'}`,
    );
  }
  return real;
}

/** A session id as given, or a clear refusal (it names a file, so no separators and no dots first). */
export function sessionIdArg(input: unknown): string {
  if (typeof input !== 'string' || !SESSION_ID.test(input)) {
    throw new ServedPathError(
      `session_id must be a session id as truss_run_contract returned it (letters, digits, ".", "_", "-"; got ${JSON.stringify(input)?.slice(0, 80)})`,
    );
  }
  return input;
}

/** True when `path` is `root` or below it (both real paths). */
export function within(path: string, root: string): boolean {
  if (path === root) return true;
  const rel = relative(root, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
