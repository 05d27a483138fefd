/** Something stopped a delegated CLI from being run at all (a non-zero exit is a result, not this). */
export class DelegatedCliError extends Error {
  override name = 'DelegatedCliError';
}

/** The `[executor]` block cannot drive a delegated CLI (wrong kind, no command). */
export class DelegatedCliConfigError extends DelegatedCliError {
  override name = 'DelegatedCliConfigError';
}

/** `executor.command` does not name an executable file. */
export class DelegatedCommandNotFoundError extends DelegatedCliError {
  override name = 'DelegatedCommandNotFoundError';
  readonly command: string;

  constructor(command: string, detail?: string) {
    const where = command.includes('/') ? '' : ' on PATH';
    super(
      `command ${command} not found${where}${detail ? ` (${detail})` : ''}; install it or change executor.command`,
    );
    this.command = command;
  }
}

/** The operating system refused to start the command (e.g. argument list too long, permission denied). */
export class DelegatedSpawnError extends DelegatedCliError {
  override name = 'DelegatedSpawnError';
  readonly command: string;
  readonly code: string | undefined;

  constructor(command: string, message: string, code?: string) {
    super(`could not start ${command}: ${message}`);
    this.command = command;
    this.code = code;
  }
}
