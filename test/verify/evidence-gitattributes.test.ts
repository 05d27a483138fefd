/**
 * A pull request's `.gitattributes` (the work's to write) can mark text files binary, and `git diff`
 * then shows their change as one "Binary files … differ" line: hidden from the panel, and no finding
 * could be placed on those lines. Such a file is diffed again as text and shown, said in the notes;
 * a real binary file stays one line. Real repositories, real git.
 */
import { describe, expect, it } from 'vitest';
import { anchorFindings } from '../../src/core/verify/citations.js';
import { parseDiffHunks } from '../../src/core/verify/diff-hunks.js';
import { readGitInfo } from '../../src/core/verify/git-info.js';
import { collectReviewEvidence } from '../../src/core/verify/review-evidence.js';
import { git, makeWorkdir } from '../helpers/agent-kit.js';
import { commitFiles } from '../helpers/git.js';

const PNG = `\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR`;
/** Text for 9,000 bytes, then a NUL: text to a first look, binary to git's diff. */
const LATE_NUL = `${'x'.repeat(9000)}\n\u0000\n`;

/** `main` with src/a.ts, an image and a late-NUL file; `feature` changes all three and adds `attributes`. */
async function evidenceWith(attributes: string) {
  const dir = makeWorkdir({ git: true });
  commitFiles(dir, { 'src/a.ts': 'one\ntwo\nthree\n', 'logo.png': PNG, 'data.bin': LATE_NUL }, 'base');
  git(dir, 'checkout', '-q', '-b', 'feature');
  commitFiles(
    dir,
    {
      'src/a.ts': 'one\nsendTokensTo("attacker")\nthree\n',
      'logo.png': `${PNG}2`,
      'data.bin': `${LATE_NUL}2\n`,
      '.gitattributes': attributes,
    },
    'feature',
  );
  return collectReviewEvidence({
    env: process.env,
    workdir: dir,
    git: await readGitInfo(dir, 'main'),
    contextFiles: [],
  });
}

describe('text files .gitattributes marks binary', () => {
  it.each([
    ['-diff', '* -diff\n'],
    ['binary', '*.ts binary\n*.png binary\n*.bin binary\n'],
  ])(
    '`%s`: the change is shown as text and can be cited; real binaries stay one line',
    async (_name, attributes) => {
      const evidence = await evidenceWith(attributes);
      expect(evidence.diff).toContain('+sendTokensTo("attacker")');
      expect(evidence.diff).not.toContain('Binary files a/src/a.ts and b/src/a.ts differ');
      expect(evidence.diff).toContain('Binary files a/logo.png and b/logo.png differ');
      expect(evidence.diff).toContain('Binary files a/data.bin and b/data.bin differ');
      expect(evidence.diff).not.toContain('\u0000');
      expect(evidence.notes).toContain(
        'src/a.ts: .gitattributes marks it binary, but it is text: its diff is shown',
      );
      // `* -diff` hides the attributes file too; the real binaries are never said to be text.
      expect(evidence.notes.filter((note) => /^(logo\.png|data\.bin):/.test(note))).toEqual([]);
      const [cited] = anchorFindings(
        [{ location: 'src/a.ts:2', problem: 'p' }],
        parseDiffHunks(evidence.diff),
      );
      expect(cited?.anchored).toBe(true);
      expect(cited?.hunk?.lines.find((line) => line.n === 2)?.text).toBe('+sendTokensTo("attacker")');
    },
  );

  it('without such attributes the diff is what git wrote, with no note', async () => {
    const evidence = await evidenceWith('*.md text\n');
    expect(evidence.diff).toContain('+sendTokensTo("attacker")');
    expect(evidence.diff).toContain('Binary files a/logo.png and b/logo.png differ');
    expect(evidence.notes.filter((note) => note.includes('marks it binary'))).toEqual([]);
  });
});
