/**
 * "cannot read PATH: file not found (ENOENT)": why a file could not be read, in words a person acts
 * on, with the system's code kept for searching. A bare `(ENOENT)` told nobody what was wrong; each
 * caller appends what to pass instead, and {@link missingFile} lets it offer that only when the file
 * is absent (creating a key is no answer to "permission denied").
 */
export function cannotRead(label: string, error: unknown): string {
  if (error instanceof NotAFileError)
    return `cannot read ${label}: ${error.message}${error.code ? ` (${error.code})` : ''}`;
  const code = errorCode(error);
  const reason = code ? (REASONS[code] ?? 'the system refused to read it') : 'the system refused to read it';
  // `-` means stdin to many tools; truss's inputs are files (a bundle is streamed from its path).
  const stdin =
    /(^|[ /])-$/.test(label) && code === 'ENOENT'
      ? '; truss reads no input from stdin: save it to a file and pass its path'
      : '';
  return `cannot read ${label}: ${reason}${code ? ` (${code})` : ''}${stdin}`;
}

/** Whether reading failed because nothing is at the path (so "create it" is the right next step). */
export function missingFile(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'a directory on the way is a file',
  EISDIR: 'it is a directory, not a file',
  EACCES: 'permission denied (make it readable by the user running truss)',
  EPERM: 'permission denied (make it readable by the user running truss)',
  ELOOP: 'too many symbolic links on the way',
  ENAMETOOLONG: 'the path is too long',
  EMFILE: 'too many open files (close some programs and retry)',
};

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * What a user named as an input file is not a file truss reads: a directory, a device, a socket, a
 * pipe nothing writes to, or more than the bound (src/core/input-file.ts). The message says what it
 * is; {@link cannotRead} puts the path in front of it.
 */
export class NotAFileError extends Error {
  override name = 'NotAFileError';
  /** The system's code for the same refusal where it has one (EISDIR), for searching. */
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
