import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The file tools run in the harness (its user, its key) while something else may write the working
 * copy: a delegated CLI calling these tools through Truss's tool server, a sibling fan-out attempt, an
 * MCP stdio server. A directory swapped for a link between the policy's check and the open must not
 * be followed. The swap is made right after the check returns (deterministic), and once more by a
 * real racing process.
 */
const swap = vi.hoisted(() => ({ after: null as null | (() => void) }));
vi.mock('../../src/core/tools/policy.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/core/tools/policy.js')>();
  const hooked =
    <A extends unknown[]>(check: (...args: A) => string) =>
    (...args: A) => {
      const result = check(...args);
      const after = swap.after;
      swap.after = null;
      after?.();
      return result;
    };
  return { ...real, checkReadPath: hooked(real.checkReadPath), checkWritePath: hooked(real.checkWritePath) };
});

const { listDirTool, readFileTool, writeFileTool } = await import('../../src/core/tools/fs-tools.js');
const { makeSandbox, put, toolContext } = await import('./tool-helpers.js');

let box: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  box = makeSandbox('swap');
  put(box.work, 'd/inside.txt', 'inside\n');
});
afterEach(() => {
  swap.after = null;
  box.cleanup();
});

/** After the check: `d` becomes a link to the outside directory. */
const swapDirForLink = () => {
  swap.after = () => {
    renameSync(join(box.work, 'd'), join(box.work, 'd.real'));
    symlinkSync(box.outside, join(box.work, 'd'));
  };
};

describe('a directory swapped for a link after the scope check', () => {
  it('write_file does not write through it', async () => {
    swapDirForLink();
    const outcome = await writeFileTool.run({ path: 'd/pwn.txt', content: 'planted' }, toolContext(box.work));
    expect(outcome).toMatchObject({ isError: true, data: { refused: true, violation: 'symlink_escape' } });
    expect(readdirSync(box.outside)).toEqual(['secret.txt']); // neither the file nor a temporary one
  });

  it('write_file does not create missing directories through it', async () => {
    swapDirForLink();
    const outcome = await writeFileTool.run({ path: 'd/new/pwn.txt', content: 'x' }, toolContext(box.work));
    expect(outcome.isError).toBe(true);
    expect(existsSync(join(box.outside, 'new'))).toBe(false);
  });

  it('read_file does not read through it', async () => {
    swapDirForLink();
    const outcome = await readFileTool.run({ path: 'd/secret.txt' }, toolContext(box.work));
    expect(outcome.isError).toBe(true);
    expect(String(outcome.content)).not.toContain('top secret');
  });

  it('read_file does not read a file swapped for a link', async () => {
    swap.after = () => {
      renameSync(join(box.work, 'd/inside.txt'), join(box.work, 'd/moved.txt'));
      symlinkSync(join(box.outside, 'secret.txt'), join(box.work, 'd/inside.txt'));
    };
    const outcome = await readFileTool.run({ path: 'd/inside.txt' }, toolContext(box.work));
    expect(outcome.isError).toBe(true);
    expect(String(outcome.content)).not.toContain('top secret');
  });

  it('list_dir does not list through it', async () => {
    swapDirForLink();
    const outcome = await listDirTool.run({ path: 'd' }, toolContext(box.work));
    expect(outcome.isError).toBe(true);
    expect(String(outcome.content)).not.toContain('secret.txt');
  });

  it('honest calls still work: write creates directories, read and list see them', async () => {
    const context = toolContext(box.work);
    expect((await writeFileTool.run({ path: 'd/a/b/c.txt', content: 'c\n' }, context)).isError).toBe(false);
    expect((await readFileTool.run({ path: 'd/a/b/c.txt' }, context)).content).toBe('c\n');
    expect((await listDirTool.run({ path: 'd/a' }, context)).content).toBe('b/');
    expect((await listDirTool.run({ path: 'd/inside.txt' }, context)).content).toContain('not a directory');
  });

  it('a process racing link swaps gets nothing out of scope', async () => {
    const context = toolContext(box.work);
    mkdirSync(join(box.work, 'r'));
    const script = `cd '${box.work}'; while :; do mv r r.x; ln -s '${box.outside}' r; rm r; mv r.x r; done`;
    const racer = spawn('sh', ['-c', script], { stdio: 'ignore', detached: true });
    const ended = new Promise((done) => racer.once('close', done));
    try {
      const until = Date.now() + 1500;
      while (Date.now() < until) {
        await writeFileTool.run({ path: 'r/pwn.txt', content: 'x' }, context);
        const read = await readFileTool.run({ path: 'r/secret.txt' }, context);
        expect(String(read.content)).not.toContain('top secret');
        // (The racer itself may move its own r.x there when a write re-made a missing r meanwhile.)
        expect(readdirSync(box.outside).filter((name) => name.includes('pwn'))).toEqual([]);
      }
    } finally {
      // The shell and the mv or ln it is running; never kill(-0), the suite's own process group.
      if (racer.pid !== undefined) process.kill(-racer.pid, 'SIGKILL');
      await ended;
    }
  });
});
