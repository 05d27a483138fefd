import { describe, expect, it } from 'vitest';
import { ArtifactZipError, readZipFiles } from '../../src/github/artifact-zip.js';
import { zipOf } from '../helpers/zip.js';

describe('readZipFiles (artifact zips from the REST API)', () => {
  it('reads the wanted deflated file and skips the rest', () => {
    const zip = zipOf({ 'ledger.db': 'x'.repeat(1000), 'truss-ledger-s.json': '{"ok":true}' });
    const files = readZipFiles(zip, (name) => name.endsWith('.json'));
    expect([...files.keys()]).toEqual(['truss-ledger-s.json']);
    expect(files.get('truss-ledger-s.json')?.toString()).toBe('{"ok":true}');
  });

  it('refuses a zip bomb: a file over the limit is never inflated past it', () => {
    const zip = zipOf({ 'big.json': '0'.repeat(2_000_000) });
    expect(() => readZipFiles(zip, () => true, 1_000_000)).toThrow(ArtifactZipError);
    // A lying central directory (size says small) is still capped by the inflater.
    const lying = Buffer.from(zip);
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(10, central + 24);
    expect(() => readZipFiles(lying, () => true, 1_000_000)).toThrow(/cannot inflate big.json/);
  });

  it('rejects truncated archives and data that runs past the end instead of reading out of bounds', () => {
    const zip = zipOf({ 'a.json': '{"a":1}' });
    expect(() => readZipFiles(zip.subarray(0, zip.length - 30), () => true)).toThrow(ArtifactZipError);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const grown = Buffer.from(zip);
    grown.writeUInt32LE(0xffff_fff0, central + 20);
    expect(() => readZipFiles(grown, () => true)).toThrow(/runs past the end/);
    expect(() => readZipFiles(Buffer.from('not a zip at all, just text'), () => true)).toThrow(/not a zip/);
  });

  it('refuses a crafted archive whose names climb out of their folder or are absolute', () => {
    for (const name of ['../evil.json', 'a/../../evil.json', '/etc/passwd', 'C:evil.json', 'a\\..\\b.json'])
      expect(() => readZipFiles(zipOf({ 'ok.json': '{}', [name]: '{}' }), () => false), name).toThrow(
        /unsafe file name/,
      );
    // Dots inside a name are fine.
    expect(readZipFiles(zipOf({ 'a..b/c.json': '{}' }), () => true).size).toBe(1);
  });

  it('reads the whole directory first: a name listed again, or one wanted file too many, is refused before any inflation', () => {
    const zip = zipOf({ 'truss-ledger-s.json': '0'.repeat(100_000) });
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const entry = zip.subarray(central, eocd);
    // The same central entry 20,000 times, every copy naming the one deflated local file.
    const copies = 20_000;
    const tail = Buffer.from(zip.subarray(eocd));
    tail.writeUInt16LE(copies, 8);
    tail.writeUInt16LE(copies, 10);
    tail.writeUInt32LE(entry.length * copies, 12);
    const crafted = Buffer.concat([zip.subarray(0, central), ...Array(copies).fill(entry), tail]);
    const started = performance.now();
    expect(() => readZipFiles(crafted, (name) => name.endsWith('.json'))).toThrow(/listed more than once/);
    expect(performance.now() - started).toBeLessThan(2000);
    const two = zipOf({ 'a/truss-ledger-s.json': '{}', 'b/truss-ledger-s.json': '{}' });
    expect(() => readZipFiles(two, (name) => name.endsWith('/truss-ledger-s.json'), undefined, 1)).toThrow(
      /more than 1 matching file in the zip \("a\/truss-ledger-s.json", "b\/truss-ledger-s.json"\)/,
    );
    expect(readZipFiles(two, (name) => name.endsWith('/truss-ledger-s.json')).size).toBe(2);
  });
});
