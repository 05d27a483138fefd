/**
 * Citations are anchored on the lines of the diff the panel was shown, which the harness reads with
 * the user's own git. Settings in the user's `~/.gitconfig` that change the diff's format
 * (`diff.noprefix`, `diff.mnemonicPrefix`, `diff.suppressBlankEmpty`, a textconv driver the work's
 * `.gitattributes` selects) must not change which file a citation names or which line it shows:
 * real repositories, real git, the global config named by GIT_CONFIG_GLOBAL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { anchorFindings } from '../../src/core/verify/citations.js';
import { parseDiffHunks } from '../../src/core/verify/diff-hunks.js';
import { prepareEvidence } from '../../src/core/verify/evidence-lines.js';
import { readGitInfo } from '../../src/core/verify/git-info.js';
import { collectReviewEvidence } from '../../src/core/verify/review-evidence.js';
import { git, makeWorkdir } from '../helpers/agent-kit.js';
import { commitFiles } from '../helpers/git.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const BASE = ['one', 'two', '', 'four', 'five', 'six', 'seven', 'eight'];

/** `main` with src/a.ts (a blank line 3), `feature` changing line 5. */
function repo(): string {
  const dir = makeWorkdir({ git: true });
  commitFiles(dir, { 'src/a.ts': `${BASE.join('\n')}\n` }, 'base');
  git(dir, 'checkout', '-q', '-b', 'feature');
  const edited = [...BASE];
  edited[4] = 'five CHANGED';
  commitFiles(
    dir,
    { 'src/a.ts': `${edited.join('\n')}\n`, '.gitattributes': '*.ts diff=shift\n' },
    'feature',
  );
  return dir;
}

const saved = process.env.GIT_CONFIG_GLOBAL;
let home: TempDir | null = null;
afterEach(() => {
  if (saved === undefined) delete process.env.GIT_CONFIG_GLOBAL;
  else process.env.GIT_CONFIG_GLOBAL = saved;
  home?.cleanup();
  home = null;
});

describe('the diff the citations are anchored on, whatever the user git config', () => {
  it.each([
    ['none', ''],
    ['diff.noprefix', '[diff]\n\tnoprefix = true\n'],
    ['diff.mnemonicPrefix', '[diff]\n\tmnemonicPrefix = true\n'],
    ['diff.suppressBlankEmpty', '[diff]\n\tsuppressBlankEmpty = true\n'],
    // A driver the user has, chosen by the work's .gitattributes: its output has one more line on top.
    ['a textconv driver', '[diff "shift"]\n\ttextconv = sed 1iINSERTED\n'],
  ])('%s: src/a.ts:5 is anchored and shows the changed line 5', async (_name, config) => {
    home = tempDir('gitconfig');
    process.env.GIT_CONFIG_GLOBAL = home.write('gitconfig', config);
    const dir = repo();
    const evidence = await collectReviewEvidence({
      env: process.env,
      workdir: dir,
      git: await readGitInfo(dir, 'main'),
      contextFiles: [],
    });
    const files = parseDiffHunks(evidence.diff);
    expect(files.map((f) => [f.path, f.hunks.map((h) => [h.start, h.end])])).toEqual([
      ['.gitattributes', [[1, 1]]],
      ['src/a.ts', [[2, 8]]],
    ]);
    const [cited] = anchorFindings([{ location: 'src/a.ts:5', problem: 'p' }], files);
    expect(cited?.anchored).toBe(true);
    expect(cited?.hunk?.lines.find((line) => line.n === 5)?.text).toBe('+five CHANGED');
    // The reviewers read the same numbers (the prompt's evidence lines).
    const shown = prepareEvidence(evidence)
      .sections.flatMap((s) => s.lines)
      .find((line) => line.path === 'src/a.ts' && line.line === 5 && line.text.startsWith('+'));
    expect(shown?.text).toBe('+five CHANGED');
  });
});
