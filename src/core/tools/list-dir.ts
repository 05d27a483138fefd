import type { Dirent } from 'node:fs';
import { lstat, opendir } from 'node:fs/promises';
import { z } from 'zod';
import { type HeldDirectory, holdDirectory } from './held-path.js';
import { checkReadPath, type PolicyViolation } from './policy.js';
import type { Tool, ToolContext, ToolOutcome } from './tool.js';
import { displayPath, errorOutcome, fail, ok, parseInput } from './tool-kit.js';

/** The most entries one list_dir call shows. */
export const LIST_MAX_ENTRIES = 1000;
/** The most entries one list_dir call reads before it stops (and says so). */
export const LIST_SCAN_MAX_ENTRIES = 100_000;

const ListInput = z.object({ path: z.string() });

/**
 * list_dir: a directory's entries sorted by name (byte order), directories marked with a trailing
 * `/` and symlinks with a trailing `@`; at most {@link LIST_MAX_ENTRIES}, with a note when more exist.
 */
export const listDirTool: Tool = {
  name: 'list_dir',
  description:
    'List a directory: one entry per line, sorted by name; directories end with "/", symlinks with "@". ' +
    `Shows at most ${LIST_MAX_ENTRIES} entries.`,
  inputSchema: {
    type: 'object',
    properties: {
      path: {
        type: 'string',
        description: 'Directory path, relative to the working directory ("." for it).',
      },
    },
    required: ['path'],
    additionalProperties: false,
  },
  sideEffect: false,
  readOnly: true,
  async run(input, context) {
    try {
      const args = parseInput('list_dir', ListInput, input);
      const real = checkReadPath(context.policy, args.path);
      return await listDirectory(context, real);
    } catch (error) {
      return errorOutcome('list_dir', error);
    }
  },
};

async function listDirectory(context: ToolContext, real: string): Promise<ToolOutcome> {
  const shown = displayPath(context.policy, real);
  let held: HeldDirectory;
  try {
    held = holdDirectory(real);
  } catch (error) {
    if ((error as PolicyViolation).code === 'symlink_escape') {
      const info = await lstat(real).catch(() => null);
      if (info !== null && !info.isDirectory() && !info.isSymbolicLink())
        return fail(`${shown} is not a directory; use read_file to read a file`, { path: shown });
    }
    throw error;
  }
  let read: DirectoryRead;
  try {
    // The held directory's own entries, whatever its name points at by now.
    read = await readEntries(held.path());
  } finally {
    held.close();
  }
  const lines = read.first.map((entry) => {
    if (entry.isDirectory()) return `${entry.name}/`;
    if (entry.isSymbolicLink()) return `${entry.name}@`;
    return entry.name;
  });
  const truncated = read.count > read.first.length || !read.complete;
  if (!read.complete) {
    lines.push(
      `[truncated: stopped reading after ${read.count} entries; more exist. The ${read.first.length} shown ` +
        'are the first by name among those read; list a subdirectory or use bash (e.g. find with -name) to narrow it]',
    );
  } else if (truncated) {
    lines.push(`[${read.count - read.first.length} more entries not shown; ${read.count} in total]`);
  }
  const content = lines.length === 0 ? `(${shown} is empty)` : lines.join('\n');
  return ok(content, { path: shown, entries: read.count, truncated, complete: read.complete });
}

interface DirectoryRead {
  /** The first {@link LIST_MAX_ENTRIES} entries by name among those read, sorted. */
  first: Dirent[];
  /** Entries read. */
  count: number;
  /** Every entry was read (none past {@link LIST_SCAN_MAX_ENTRIES}). */
  complete: boolean;
}

/**
 * Streams a directory, keeping only the entries that sort first: a working copy planted with
 * millions of entries would otherwise be held in memory at once (docs/security.md, "Bounded tool
 * output"), and reading stops after {@link LIST_SCAN_MAX_ENTRIES}.
 */
async function readEntries(path: string): Promise<DirectoryRead> {
  const first: Dirent[] = [];
  let count = 0;
  const dir = await opendir(path, { bufferSize: 256 });
  try {
    for (;;) {
      const entry = await dir.read();
      if (entry === null) return { first, count, complete: true };
      if (count === LIST_SCAN_MAX_ENTRIES) return { first, count, complete: false };
      count++;
      const last = first.at(-1);
      if (first.length === LIST_MAX_ENTRIES && last !== undefined && entry.name >= last.name) continue;
      first.splice(insertionIndex(first, entry.name), 0, entry);
      if (first.length > LIST_MAX_ENTRIES) first.pop();
    }
  } finally {
    await dir.close();
  }
}

/** Where `name` goes in `sorted` (by UTF-16 code units, as the listing is ordered). */
function insertionIndex(sorted: readonly Dirent[], name: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as Dirent).name < name) low = middle + 1;
    else high = middle;
  }
  return low;
}
