/**
 * Reads one file out of a workflow artifact zip (what GET .../actions/artifacts/{id}/zip returns)
 * without writing anything to disk. Bounded: the archive comes from a workflow a pull request can
 * influence, so sizes are checked against the buffer and inflation is capped (no zip bombs).
 */
import { inflateRawSync } from 'node:zlib';

/** The artifact is not a readable zip, or holds no matching file. */
export class ArtifactZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArtifactZipError';
  }
}

/** Largest file inflated from an artifact (a 100k-entry bundle is ~60 MB). */
export const MAX_ARTIFACT_FILE_BYTES = 256 * 1024 * 1024;

/** A wanted entry of the central directory, not yet inflated. */
interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * Names and contents of the files in `zip` for which `want(name)` is true (stored or deflated
 * entries). The whole central directory is read before anything is inflated: a name listed twice,
 * or more wanted files than `maxFiles`, is refused up front. A crafted directory can list one
 * 256 MB bomb 65,535 times, and inflating is synchronous: the App's event loop would stall for hours.
 */
export function readZipFiles(
  zip: Buffer,
  want: (name: string) => boolean,
  maxBytes = MAX_ARTIFACT_FILE_BYTES,
  maxFiles = Number.POSITIVE_INFINITY,
): Map<string, Buffer> {
  const u16 = (at: number) => {
    if (at < 0 || at + 2 > zip.length) throw new ArtifactZipError('truncated zip');
    return zip.readUInt16LE(at);
  };
  const u32 = (at: number) => {
    if (at < 0 || at + 4 > zip.length) throw new ArtifactZipError('truncated zip');
    return zip.readUInt32LE(at);
  };
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ArtifactZipError('not a zip: no end-of-central-directory record');
  const count = u16(eocd + 10);
  let at = u32(eocd + 16);
  const wanted = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (u32(at) !== 0x02014b50) throw new ArtifactZipError('bad central directory entry');
    const entry = {
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      name: zip.toString('utf8', at + 46, Math.min(zip.length, at + 46 + u16(at + 28))),
      localOffset: u32(at + 42),
    };
    const { name } = entry;
    at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32);
    // Nothing is written to disk, but a name climbing out of its folder is a crafted archive: refuse it.
    if (/^[/\\]|^[A-Za-z]:|\\|(^|\/)\.\.(\/|$)/.test(name) || name.includes('\u0000'))
      throw new ArtifactZipError(`unsafe file name ${JSON.stringify(name.slice(0, 200))} in the zip`);
    if (!want(name)) continue;
    if (wanted.has(name))
      throw new ArtifactZipError(`${JSON.stringify(name.slice(0, 200))} is listed more than once in the zip`);
    if (wanted.size >= maxFiles)
      throw new ArtifactZipError(
        `more than ${maxFiles} matching file${maxFiles === 1 ? '' : 's'} in the zip (${[...wanted.keys(), name].map((n) => JSON.stringify(n.slice(0, 200))).join(', ')})`,
      );
    if (entry.size > maxBytes)
      throw new ArtifactZipError(`${name} is ${entry.size} bytes, over the ${maxBytes}-byte limit`);
    wanted.set(name, entry);
  }
  const files = new Map<string, Buffer>();
  for (const { name, method, compressedSize, localOffset } of wanted.values()) {
    if (u32(localOffset) !== 0x04034b50) throw new ArtifactZipError('bad local file header');
    const dataStart = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28);
    if (dataStart + compressedSize > zip.length)
      throw new ArtifactZipError(`${name} runs past the end of the zip`);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) files.set(name, Buffer.from(data));
    else if (method === 8) {
      try {
        files.set(name, inflateRawSync(data, { maxOutputLength: maxBytes }));
      } catch (error) {
        throw new ArtifactZipError(`cannot inflate ${name}: ${(error as Error).message}`);
      }
    } else throw new ArtifactZipError(`unsupported zip method ${method} for ${name}`);
  }
  return files;
}
