import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LIST_MAX_ENTRIES,
  LIST_SCAN_MAX_ENTRIES,
  listDirTool,
  READ_MAX_BYTES,
  READ_SCAN_MAX_BYTES,
  readFileTool,
  writeFileTool,
} from '../../src/core/tools/fs-tools.js';
import type { ToolContext } from '../../src/core/tools/tool.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { makeSandbox, put, toolContext, toolUnderHeapScript } from './tool-helpers.js';

let box: ReturnType<typeof makeSandbox>;
let context: ToolContext;
beforeEach(() => {
  box = makeSandbox('fs');
  context = toolContext(box.work);
});
afterEach(() => box.cleanup());

const read = (input: Record<string, unknown>) => readFileTool.run(input, context);
const write = (input: Record<string, unknown>) => writeFileTool.run(input, context);
const list = (input: Record<string, unknown>) => listDirTool.run(input, context);

describe('read_file', () => {
  it('returns the exact text of a whole file', async () => {
    put(box.work, 'src/a.ts', 'const a = 1;\nconst b = 2;\n');
    const outcome = await read({ path: 'src/a.ts' });
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toBe('const a = 1;\nconst b = 2;\n');
    expect(outcome.data).toMatchObject({ path: 'src/a.ts', complete: true, truncated: false, totalLines: 2 });
  });

  it('reads a line range with offset and limit and says where to continue', async () => {
    put(box.work, 'lines.txt', Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n'));
    const middle = await read({ path: 'lines.txt', offset: 3, limit: 2 });
    expect(middle.content).toBe('line 3\nline 4\n[showing lines 3-4; more follow. Continue with offset=5]');
    expect(middle.data).toMatchObject({ startLine: 3, endLine: 4, complete: false });

    const tail = await read({ path: 'lines.txt', offset: 9 });
    expect(tail.content).toBe('line 9\nline 10\n[showing lines 9-10 of 10]');

    const past = await read({ path: 'lines.txt', offset: 50 });
    expect(past.isError).toBe(true);
    expect(past.content).toMatch(/offset 50 is past the end of lines.txt \(10 lines\)/);
  });

  it('stops passing over a line that never ends (a terabyte sparse file) and says how to read further', async () => {
    // Text for the binary sniff, then no newline for a terabyte: planted in an instant, holding no disk.
    const file = put(box.work, 'endless.txt', 'a'.repeat(8000));
    truncateSync(file, 2 ** 40);
    const started = Date.now();
    const outcome = await read({ path: 'endless.txt', offset: 2 });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toBe(
      `offset 2 not reached: read_file passed over the first ${READ_SCAN_MAX_BYTES} bytes of endless.txt ` +
        `(${2 ** 40} bytes) without reaching line 2, and passes over at most ${READ_SCAN_MAX_BYTES}. ` +
        'Use bash (tail -c, sed -n) to read that far into the file',
    );
    expect(outcome.data).toMatchObject({ path: 'endless.txt', scanStopped: true });

    // From the start it was always bounded: the line's first READ_MAX_BYTES.
    const head = await read({ path: 'endless.txt' });
    expect(head.data).toMatchObject({ truncated: true, complete: false });
  }, 90_000);

  it('is bounded: a large file is cut at a line boundary with a note', async () => {
    const line = `${'x'.repeat(99)}\n`; // 100 bytes a line
    put(box.work, 'big.txt', line.repeat(5000)); // 500 kB
    const outcome = await read({ path: 'big.txt' });
    expect(outcome.isError).toBe(false);
    const [text, note] = [outcome.content.slice(0, outcome.content.lastIndexOf('\n[')), outcome.content];
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(READ_MAX_BYTES);
    expect(text.endsWith('x')).toBe(true);
    const shown = Math.floor(READ_MAX_BYTES / 100);
    expect(note).toContain(
      `[truncated at ${READ_MAX_BYTES} bytes: showing lines 1-${shown} of a 500000-byte file. Continue with offset=${shown + 1}]`,
    );
    expect(outcome.data).toMatchObject({ truncated: true, complete: false, endLine: shown });

    const next = await read({ path: 'big.txt', offset: shown + 1, limit: 1 });
    expect(next.content.startsWith(line)).toBe(true);
  });

  it('shows only the start of a single line longer than the cap, on a character boundary', async () => {
    put(box.work, 'one-line.txt', `a${'é'.repeat(READ_MAX_BYTES)}`); // the cap falls inside a 2-byte character
    const outcome = await read({ path: 'one-line.txt' });
    expect(outcome.content).toMatch(/\[truncated: line 1 is longer than \d+ bytes; only its start is shown/);
    expect(outcome.content).not.toContain('\uFFFD');
    const text = outcome.content.slice(0, outcome.content.indexOf('\n[truncated'));
    expect(Buffer.byteLength(text)).toBe(READ_MAX_BYTES - 1); // the half character is dropped
  });

  it('detects binary files and does not show them', async () => {
    writeFileSync(join(box.work, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
    const outcome = await read({ path: 'image.png' });
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toBe('[binary file: image.png, 7 bytes; not shown]');
    expect(outcome.data).toMatchObject({ binary: true, complete: false });

    writeFileSync(join(box.work, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect((await read({ path: 'latin1.txt' })).content).toMatch(/not valid UTF-8/);
  });

  it('reports directories, missing files and bad input as errors', async () => {
    mkdirSync(join(box.work, 'dir'));
    const dir = await read({ path: 'dir' });
    expect(dir).toMatchObject({ isError: true, data: { isDirectory: true } });
    expect(dir.content).toMatch(/is a directory; use list_dir/);

    const missing = await read({ path: 'nope.txt' });
    expect(missing.isError).toBe(true);
    expect(missing.content).toMatch(/^read_file failed: ENOENT/);

    const bad = await read({ offset: 0 });
    expect(bad.isError).toBe(true);
    expect(bad.content).toMatch(/^invalid input for read_file: path: .*; offset: /);
  });

  it('refuses reads outside the scope as error outcomes', async () => {
    symlinkSync('/etc', join(box.work, 'etc'));
    const outcome = await read({ path: 'etc/hostname' });
    expect(outcome).toMatchObject({ isError: true, data: { refused: true, violation: 'symlink_escape' } });
    const escaped = await read({ path: '../outside/secret.txt' });
    expect(escaped.content).toMatch(/^read refused: .*escapes with "\.\."/);
    expect(escaped.content).not.toContain('top secret');
  });
});

describe('write_file', () => {
  it('creates a file and its parent directories atomically, leaving no temp files', async () => {
    const outcome = await write({ path: 'deep/er/greeting.txt', content: 'hello from the harness\n' });
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toBe('wrote 23 bytes to deep/er/greeting.txt (created)');
    expect(outcome.data).toMatchObject({ path: 'deep/er/greeting.txt', bytes: 23, created: true });
    expect(outcome.data?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(box.work, 'deep/er/greeting.txt'), 'utf8')).toBe('hello from the harness\n');
    expect(readdirSync(join(box.work, 'deep/er'))).toEqual(['greeting.txt']);
  });

  it('overwrites an existing file, keeping its mode', async () => {
    const path = put(box.work, 'run.sh', '#!/bin/sh\necho old\n');
    chmodSync(path, 0o755);
    const outcome = await write({ path: 'run.sh', content: '#!/bin/sh\necho new\n' });
    expect(outcome.content).toMatch(/\(overwritten\)$/);
    expect(readFileSync(path, 'utf8')).toBe('#!/bin/sh\necho new\n');
    expect(statSync(path).mode & 0o777).toBe(0o755);
  });

  it('never carries set-user-ID, set-group-ID or sticky bits onto the file it writes', async () => {
    // The sandbox may make a file 6755 in the working copy; the harness (root, often) replaces it
    // with a file of its own: with the bits kept, a root-owned set-user-ID file of the model's content.
    const path = put(box.work, 'tool', 'x');
    chmodSync(path, 0o7755);
    expect((await write({ path: 'tool', content: '#!/bin/sh\nid\n' })).isError).toBe(false);
    expect(statSync(path).mode & 0o7777).toBe(0o755);
  });

  it('writes through an in-scope symlink to its target', async () => {
    put(box.work, 'real.txt', 'old');
    symlinkSync(join(box.work, 'real.txt'), join(box.work, 'alias.txt'));
    await write({ path: 'alias.txt', content: 'new' });
    expect(readFileSync(join(box.work, 'real.txt'), 'utf8')).toBe('new');
  });

  it('refuses writes that escape: a symlink to /etc, a symlinked directory, .., absolute paths', async () => {
    symlinkSync('/etc', join(box.work, 'etc'));
    symlinkSync(box.outside, join(box.work, 'shared'));
    symlinkSync(join(box.outside, 'secret.txt'), join(box.work, 'secret-link.txt'));
    for (const path of [
      'etc/truss-test-planted',
      'shared/planted.txt',
      'secret-link.txt',
      '../outside/planted.txt',
      join(box.outside, 'planted.txt'),
    ]) {
      const outcome = await write({ path, content: 'pwned' });
      expect(outcome.isError, path).toBe(true);
      expect(outcome.content, path).toMatch(/^write refused: /);
    }
    expect(existsSync('/etc/truss-test-planted')).toBe(false);
    expect(readdirSync(box.outside)).toEqual(['secret.txt']);
    expect(readFileSync(join(box.outside, 'secret.txt'), 'utf8')).toBe('top secret\n');
  });

  it('refuses forbidden content and a directory target', async () => {
    const strict = toolContext(box.work, { forbidden: ['rm -rf /'] });
    const outcome = await writeFileTool.run({ path: 'x.sh', content: 'rm -rf / --no-preserve-root' }, strict);
    expect(outcome.content).toMatch(/content for "x.sh" contains the forbidden substring "rm -rf \/"/);
    expect(existsSync(join(box.work, 'x.sh'))).toBe(false);

    mkdirSync(join(box.work, 'adir'));
    expect((await write({ path: 'adir', content: 'x' })).content).toMatch(/is a directory/);
  });
});

describe('list_dir', () => {
  it('lists entries sorted, marking directories and symlinks', async () => {
    put(box.work, 'b.txt', '');
    put(box.work, 'a/inner.txt', '');
    put(box.work, 'C.md', '');
    symlinkSync('b.txt', join(box.work, 'link'));
    const outcome = await list({ path: '.' });
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toBe('C.md\na/\nb.txt\nlink@');
    expect(outcome.data).toMatchObject({ path: '.', entries: 4, truncated: false });
    expect((await list({ path: 'a' })).content).toBe('inner.txt');
  });

  it('bounds the number of entries shown', async () => {
    const count = LIST_MAX_ENTRIES + 5;
    mkdirSync(join(box.work, 'many'));
    for (let i = 0; i < count; i++)
      writeFileSync(join(box.work, 'many', `f${String(i).padStart(5, '0')}`), '');
    const outcome = await list({ path: 'many' });
    const lines = outcome.content.split('\n');
    expect(lines).toHaveLength(LIST_MAX_ENTRIES + 1);
    expect(lines.at(-1)).toBe(`[5 more entries not shown; ${count} in total]`);
    expect(outcome.data).toMatchObject({ entries: count, truncated: true });
  });

  it('reads a planted directory of many entries in bounded memory and stops early, saying so', async () => {
    // Long names: holding every entry at once (the old readdir) needs far more than the child's heap.
    const count = LIST_SCAN_MAX_ENTRIES + 50_000;
    const pad = 'n'.repeat(200);
    mkdirSync(join(box.work, 'planted'));
    for (let i = 0; i < count; i++) symlinkSync('x', join(box.work, 'planted', `${pad}${i}`));

    const outcome = await list({ path: 'planted' });
    expect(outcome.isError).toBe(false);
    const lines = outcome.content.split('\n');
    expect(lines).toHaveLength(LIST_MAX_ENTRIES + 1);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^\\[truncated: stopped reading after ${LIST_SCAN_MAX_ENTRIES} entries; more exist\\.`),
    );
    const shown = lines.slice(0, -1).map((line) => line.replace(/@$/, ''));
    expect(shown).toEqual([...shown].sort());
    expect(outcome.data).toMatchObject({ entries: LIST_SCAN_MAX_ENTRIES, truncated: true, complete: false });

    // The same call in a process with a 32 MiB heap completes instead of dying out of memory.
    const child = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=32',
        toolUnderHeapScript(),
        box.work,
        'list_dir',
        JSON.stringify({ path: 'planted' }),
      ],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.status, child.stderr.slice(-2000)).toBe(0);
    expect(JSON.parse(child.stdout).data).toMatchObject({ entries: LIST_SCAN_MAX_ENTRIES, complete: false });
  }, 90_000);

  it('says so for an empty directory, a file, and refuses escapes', async () => {
    mkdirSync(join(box.work, 'empty'));
    expect((await list({ path: 'empty' })).content).toBe('(empty is empty)');
    put(box.work, 'f.txt', '');
    expect((await list({ path: 'f.txt' })).content).toMatch(/not a directory; use read_file/);
    expect((await list({ path: '..' })).content).toMatch(/^read refused/);
    expect((await list({ path: '/' })).content).toMatch(/^read refused: "\/" is an absolute path outside/);
  });
});
