/**
 * A translated git for tests: a `git.mo` of git's own German messages (a few, as git-de.po has
 * them) in a temp text domain directory, and the environment that makes any git read it
 * (`GIT_TEXTDOMAINDIR`, `LANGUAGE=de` under `LC_ALL=C.UTF-8`, which needs no generated locale).
 * A host with a translated git installed (Debian's `git` package ships them) behaves the same.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp-dir.js';

/** git's message id → its German translation (git 2.39's po/de.po). */
const GERMAN: Readonly<Record<string, string>> = Object.freeze({
  '': 'Content-Type: text/plain; charset=UTF-8\n',
  'error: ': 'Fehler: ',
  'fatal: ': 'Schwerwiegend: ',
  'hash mismatch %s': 'Hash stimmt nicht mit %s überein.',
  'Not a valid object name %s': '%s ist kein gültiger Objekt-Name',
  'loose object %s (stored in %s) is corrupt': 'Loses Objekt %s (gespeichert in %s) ist beschädigt.',
  'object file %s is empty': 'Objektdatei %s ist leer.',
  'unable to unpack %s header': 'Konnte %s Kopfbereich nicht entpacken.',
  'unable to unpack header of %s': 'Konnte Kopfbereich von %s nicht entpacken.',
  'not a git repository (or any of the parent directories): %s':
    'Kein Git-Repository (oder irgendeines der Elternverzeichnisse): %s',
});

/** A GNU `.mo` file of `messages` (no hash table: gettext then searches the sorted ids). */
function moFile(messages: Readonly<Record<string, string>>): Buffer {
  const ids = Object.keys(messages).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const header = 28;
  const tables = header + ids.length * 16;
  const strings: Buffer[] = [];
  const orig: number[][] = [];
  const trans: number[][] = [];
  let at = tables;
  const add = (text: string, into: number[][]) => {
    const bytes = Buffer.from(text, 'utf8');
    into.push([bytes.length, at]);
    strings.push(bytes, Buffer.from([0]));
    at += bytes.length + 1;
  };
  for (const id of ids) add(id, orig);
  for (const id of ids) add(messages[id] as string, trans);
  const head = Buffer.alloc(tables);
  [0x950412de, 0, ids.length, header, header + ids.length * 8, 0, tables].forEach((value, i) => {
    head.writeUInt32LE(value, i * 4);
  });
  [...orig, ...trans].forEach(([length, offset], i) => {
    head.writeUInt32LE(length as number, header + i * 8);
    head.writeUInt32LE(offset as number, header + i * 8 + 4);
  });
  return Buffer.concat([head, ...strings]);
}

/** The environment variables under which git speaks German (see the file's comment). */
export function germanGitEnv(): { LANGUAGE: string; LC_ALL: string; GIT_TEXTDOMAINDIR: string } {
  const dir = tempDir('git-textdomain').dir;
  mkdirSync(join(dir, 'de', 'LC_MESSAGES'), { recursive: true });
  writeFileSync(join(dir, 'de', 'LC_MESSAGES', 'git.mo'), moFile(GERMAN));
  return { LANGUAGE: 'de', LC_ALL: 'C.UTF-8', GIT_TEXTDOMAINDIR: dir };
}
