/**
 * The Action's job log: the runner reads every line of the step's output for workflow commands, so
 * text an info line quotes (a memory key, a leg's artifact name, an error about the pull request)
 * must not become one. Captures what @actions/core really writes to stdout.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionsLogger } from '../../src/action/setup.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function printed(fn: () => void): string {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    fn();
  } finally {
    vi.restoreAllMocks();
  }
  return out;
}

describe('the Action logger', () => {
  it('an info line cannot issue a workflow command, whatever it quotes', () => {
    const out = printed(() =>
      actionsLogger.info(
        'memory: promoted lesson x\n::add-mask::VERDICT\r::stop-commands::t ##[set-output name=overall;]pass\u001b[8m',
      ),
    );
    for (const line of out.split(/\r\n?|\n/)) {
      expect(line.trimStart().startsWith('::'), JSON.stringify(line)).toBe(false);
      expect(line.includes('##['), JSON.stringify(line)).toBe(false);
      expect(line.includes('\u001b'), JSON.stringify(line)).toBe(false);
    }
    expect(out).toContain('memory: promoted lesson x\n:\u200D:add-mask::VERDICT\n:\u200D:stop-commands::t');
  });

  it('a plain info line is printed unchanged', () => {
    expect(printed(() => actionsLogger.info('truss / lint: skipped, no changed file'))).toBe(
      'truss / lint: skipped, no changed file\n',
    );
  });
});
