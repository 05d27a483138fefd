import { constants } from 'node:buffer';
import { readInputBytes } from '../input-file.js';
import { cannotRead, missingFile } from '../read-failure.js';
import { LogError } from './errors.js';

/**
 * One file of a log directory, or null when it is missing. A log is often a copy from elsewhere (a
 * witness checks one it fetched), so a file linked to a FIFO or a device is refused at once as a
 * LogError naming it, never waited on or read without end (docs/cli.md "Input files"); a regular
 * file is read whole, as large as a Buffer holds.
 */
export function readLogFile(path: string): Buffer | null {
  try {
    return readInputBytes(path, constants.MAX_LENGTH);
  } catch (error) {
    if (missingFile(error)) return null;
    throw new LogError(
      `${cannotRead(path, error)}; a log directory holds only the files truss anchor writes`,
    );
  }
}
