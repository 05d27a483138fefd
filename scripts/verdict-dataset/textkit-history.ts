// The history of `textkit`, a tiny CommonJS string library written for the verdict benchmark
// (docs/bench-verdicts.md): an initial commit with eight bugs and the tests that pass despite them,
// then one commit per bug fix (the fix and the test that shows it), with a few ordinary commits in
// between. Each fix commit becomes one dataset record: the real fix is the good patch; `bad` is a
// plausible wrong fix written against the same base, and `why` says what is wrong with it.

/** A file's content, or null to delete it. */
export type Files = Record<string, string | null>;

export interface HistoryStep {
  message: string;
  files: Files;
  /** Set on a bug-fix commit: it becomes a dataset record. */
  fix?: {
    number: number;
    problem: string;
    /** The wrong fix: these files replace the base's (tests are never part of it). */
    bad: Files;
    why: string;
  };
}

const header = `'use strict';\n`;
const testHeader = (module: string, names: string) =>
  `'use strict';\nconst test = require('node:test');\nconst assert = require('node:assert/strict');\nconst { ${names} } = require('../src/${module}.js');\n`;

const SLUGIFY = (body: string) => `${header}
/** Lower-case words joined by single dashes, for URLs. */
function slugify(text) {
  return String(text)
    .toLowerCase()
${body};
}

module.exports = { slugify };
`;

const TRUNCATE = (body: string) => `${header}
/** Cuts text to at most \`max\` characters, ending with an ellipsis when it was cut. */
function truncate(text, max) {
  if (text.length <= max) return text;
${body}
}

module.exports = { truncate };
`;

const DURATION = (units: string) => `${header}
const UNITS = { ${units} };

/** "1h30m" → milliseconds. */
function parseDuration(text) {
  let total = 0;
  let matched = false;
  for (const [, amount, unit] of String(text).matchAll(/(\\d+)([a-z]+)/g)) {
    const size = UNITS[unit];
    if (size === undefined) throw new Error(\`unknown unit "\${unit}" in \${text}\`);
    total += Number(amount) * size;
    matched = true;
  }
  if (!matched) throw new Error(\`not a duration: \${text}\`);
  return total;
}

module.exports = { parseDuration };
`;

const CSV = (body: string) => `${header}
${body}
/** One CSV line (RFC 4180) from a list of fields. */
function csvLine(fields) {
  return fields.map(cell).join(',');
}

module.exports = { csvLine };
`;

const WRAP = (condition: string, tail = '  return lines;') => `${header}
/** Greedy word wrap: lines of at most \`width\` characters (a longer word gets its own line). */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\\s+/).filter(Boolean)) {
    if (line && ${condition}) {
      lines.push(line);
      line = word;
    } else {
      line = line ? \`\${line} \${word}\` : word;
    }
  }
  if (line) lines.push(line);
${tail}
}

module.exports = { wrap };
`;

const VERSION = (body: string) => `${header}
/** -1, 0 or 1 as version \`a\` is older than, the same as or newer than \`b\` ("1.2.3"). */
function compareVersions(a, b) {
${body}
}

module.exports = { compareVersions };
`;

const STATS = (body: string) => `${header}
/** The arithmetic mean, or undefined for no values. */
function mean(values) {
  if (values.length === 0) return undefined;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The middle value (the mean of the two middle values for an even count), or undefined. */
function median(values) {
  if (values.length === 0) return undefined;
${body}
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

module.exports = { mean, median };
`;

const PLURAL = (body: string) => `${header}
/** "file" or "files" for a count; irregular plurals are passed in ("child", n, "children"). */
function pluralize(word, count, plural = \`\${word}s\`) {
${body}
}

module.exports = { pluralize };
`;

const INDEX = (modules: string[]) =>
  `${header}\nmodule.exports = {\n${modules.map((m) => `  ...require('./${m}.js'),\n`).join('')}};\n`;

const BASE_MODULES = ['slugify', 'truncate', 'duration', 'csv', 'wrap', 'version', 'stats', 'plural'];

const test = (module: string, names: string, cases: string) => `${testHeader(module, names)}${cases}`;

const SLUGIFY_TESTS = `
test('joins words with dashes', () => {
  assert.equal(slugify('Hello World'), 'hello-world');
});
`;
const TRUNCATE_TESTS = `
test('leaves short text alone', () => {
  assert.equal(truncate('short', 10), 'short');
});
`;
const DURATION_TESTS = `
test('hours and minutes', () => {
  assert.equal(parseDuration('1h30m'), 5400000);
});

test('rejects text without a duration', () => {
  assert.throws(() => parseDuration('soon'), /not a duration/);
});
`;
const CSV_TESTS = `
test('joins plain fields with commas', () => {
  assert.equal(csvLine(['a', 'b', 3]), 'a,b,3');
});
`;
const WRAP_TESTS = `
test('keeps short text on one line', () => {
  assert.deepEqual(wrap('one two', 20), ['one two']);
});

test('a long word gets its own line', () => {
  assert.deepEqual(wrap('a extraordinary b', 5), ['a', 'extraordinary', 'b']);
});
`;
const VERSION_TESTS = `
test('orders single-digit versions', () => {
  assert.equal(compareVersions('1.2.0', '1.3.0'), -1);
  assert.equal(compareVersions('2.0.0', '1.9.9'), 1);
  assert.equal(compareVersions('1.2.3', '1.2.3'), 0);
});
`;
const STATS_TESTS = `
test('mean', () => {
  assert.equal(mean([1, 2, 3, 4]), 2.5);
  assert.equal(mean([]), undefined);
});

test('median of sorted values', () => {
  assert.equal(median([1, 2, 3]), 2);
  assert.equal(median([]), undefined);
});
`;
const PLURAL_TESTS = `
test('one and many', () => {
  assert.equal(pluralize('file', 1), 'file');
  assert.equal(pluralize('file', 3), 'files');
});

test('irregular plurals', () => {
  assert.equal(pluralize('child', 2, 'children'), 'children');
});
`;

const README_V1 = `# textkit

Small string helpers: \`slugify\`, \`truncate\`, \`parseDuration\`, \`csvLine\`, \`wrap\`,
\`compareVersions\`, \`mean\`, \`median\` and \`pluralize\`. No dependencies.

    npm test
`;

const SORTED_MEDIAN = '  const sorted = values;';

/** Every commit of the repository, oldest first. */
export const HISTORY: HistoryStep[] = [
  {
    message: 'textkit: first version',
    files: {
      'package.json': `${JSON.stringify(
        {
          name: 'textkit',
          version: '0.1.0',
          description: 'Small string helpers',
          main: 'src/index.js',
          scripts: { test: 'node test/run.js test/*.test.js' },
          license: 'MIT',
        },
        null,
        2,
      )}\n`,
      'README.md': README_V1,
      '.gitignore': 'node_modules/\n',
      'test/run.js': `${header}// Runs the test files it is given in this one process; node:test reports each test and sets
// the exit code when one fails.
const path = require('node:path');

for (const file of process.argv.slice(2)) require(path.resolve(file));
`,
      'src/index.js': INDEX(BASE_MODULES),
      'src/slugify.js': SLUGIFY(`    .replace(/[^a-z0-9]+/g, '-')`),
      'src/truncate.js': TRUNCATE(`  return text.slice(0, max) + '…';`),
      'src/duration.js': DURATION('h: 3600000, m: 60000'),
      'src/csv.js': CSV(`function cell(field) {\n  return String(field);\n}\n`),
      'src/wrap.js': WRAP('line.length + word.length > width'),
      'src/version.js': VERSION(`  return a < b ? -1 : a > b ? 1 : 0;`),
      'src/stats.js': STATS(SORTED_MEDIAN),
      'src/plural.js': PLURAL(`  return count > 1 ? plural : word;`),
      'test/slugify.test.js': test('slugify', 'slugify', SLUGIFY_TESTS),
      'test/truncate.test.js': test('truncate', 'truncate', TRUNCATE_TESTS),
      'test/duration.test.js': test('duration', 'parseDuration', DURATION_TESTS),
      'test/csv.test.js': test('csv', 'csvLine', CSV_TESTS),
      'test/wrap.test.js': test('wrap', 'wrap', WRAP_TESTS),
      'test/version.test.js': test('version', 'compareVersions', VERSION_TESTS),
      'test/stats.test.js': test('stats', 'mean, median', STATS_TESTS),
      'test/plural.test.js': test('plural', 'pluralize', PLURAL_TESTS),
    },
  },
  {
    message: 'slugify: trim dashes at both ends',
    files: {
      'src/slugify.js': SLUGIFY(`    .replace(/[^a-z0-9]+/g, '-')\n    .replace(/^-+|-+$/g, '')`),
      'test/slugify.test.js': test(
        'slugify',
        'slugify',
        `${SLUGIFY_TESTS}
test('no dashes at the ends', () => {
  assert.equal(slugify('  Hello, World!  '), 'hello-world');
});
`,
      ),
    },
    fix: {
      number: 1,
      problem:
        "slugify leaves dashes at the ends\n\nslugify('  Hello, World!  ') returns '-hello-world-'. Punctuation and spaces at the start or end of the text should not turn into dashes: the slug should be 'hello-world'.",
      bad: { 'src/slugify.js': SLUGIFY(`    .replace(/[^a-z0-9]+/g, '-')\n    .replace(/-+$/, '')`) },
      why: 'trims the trailing dash only; a leading dash stays',
    },
  },
  {
    message: 'truncate: the ellipsis counts towards max',
    files: {
      'src/truncate.js': TRUNCATE(`  if (max < 1) return '';\n  return text.slice(0, max - 1) + '…';`),
      'test/truncate.test.js': test(
        'truncate',
        'truncate',
        `${TRUNCATE_TESTS}
test('never longer than max', () => {
  assert.equal(truncate('hello world', 8), 'hello w…');
  assert.equal(truncate('hello world', 8).length, 8);
});
`,
      ),
    },
    fix: {
      number: 2,
      problem:
        "truncate returns text longer than max\n\ntruncate('hello world', 8) returns 'hello wo…', which is 9 characters. The result should never be longer than max, ellipsis included.",
      bad: { 'src/truncate.js': TRUNCATE(`  return text.slice(0, max - 1) + '...';`) },
      why: 'swaps the ellipsis for three dots, so the result is now max + 2 characters',
    },
  },
  {
    message: 'README: usage example',
    files: {
      'README.md': `${README_V1}
## Usage

    const { slugify, parseDuration } = require('textkit');
    slugify('Hello World'); // 'hello-world'
    parseDuration('1h30m'); // 5400000
`,
    },
  },
  {
    message: 'parseDuration: accept seconds and milliseconds',
    files: {
      'src/duration.js': DURATION('h: 3600000, m: 60000, s: 1000, ms: 1'),
      'test/duration.test.js': test(
        'duration',
        'parseDuration',
        `${DURATION_TESTS}
test('seconds and milliseconds', () => {
  assert.equal(parseDuration('1m30s'), 90000);
  assert.equal(parseDuration('250ms'), 250);
});
`,
      ),
    },
    fix: {
      number: 3,
      problem:
        "parseDuration rejects seconds\n\nparseDuration('1m30s') throws 'unknown unit \"s\"', and '250ms' fails the same way. Seconds (s) and milliseconds (ms) are common in config files and should be accepted.",
      bad: { 'src/duration.js': DURATION('h: 3600000, m: 60000, sec: 1000, msec: 1') },
      why: 'adds the units as "sec" and "msec", so "1m30s" and "250ms" still throw',
    },
  },
  {
    message: 'csvLine: quote fields that need it (RFC 4180)',
    files: {
      'src/csv.js': CSV(
        `function cell(field) {\n  const text = String(field);\n  return /[",\\r\\n]/.test(text) ? \`"\${text.replace(/"/g, '""')}"\` : text;\n}\n`,
      ),
      'test/csv.test.js': test(
        'csv',
        'csvLine',
        `${CSV_TESTS}
test('a field with a comma is quoted', () => {
  assert.equal(csvLine(['a,b', 'c']), '"a,b",c');
});
`,
      ),
    },
    fix: {
      number: 4,
      problem:
        "csvLine breaks fields that contain commas\n\ncsvLine(['a,b', 'c']) returns 'a,b,c', which reads back as three columns. Fields containing a comma, a double quote or a line break must be wrapped in double quotes, with inner double quotes doubled (RFC 4180).",
      bad: {
        'src/csv.js': CSV(
          `function cell(field) {\n  const text = String(field);\n  return text.includes(',') ? \`"\${text}"\` : text;\n}\n`,
        ),
      },
      why: 'quotes fields with commas only: a field with a double quote or a line break is still broken, and inner quotes are not doubled',
    },
  },
  {
    message: 'wrap: count the space between words',
    files: {
      'src/wrap.js': WRAP('line.length + 1 + word.length > width'),
      'test/wrap.test.js': test(
        'wrap',
        'wrap',
        `${WRAP_TESTS}
test('no line is longer than width', () => {
  assert.deepEqual(wrap('aaa bbbb cc', 7), ['aaa', 'bbbb cc']);
});
`,
      ),
    },
    fix: {
      number: 5,
      problem:
        "wrap makes lines one character too long\n\nwrap('aaa bbbb cc', 7) returns ['aaa bbbb', 'cc']: the first line has 8 characters. The space between two words is not counted when deciding whether the next word fits.",
      bad: {
        'src/wrap.js': WRAP(
          'line.length + word.length > width',
          '  return lines.map((text) => text.slice(0, width));',
        ),
      },
      why: 'cuts every line at width after wrapping, chopping words in half instead of moving them',
    },
  },
  {
    message: 'Add titleCase',
    files: {
      'src/title-case.js': `${header}
/** Capitalises the first letter of every word. */
function titleCase(text) {
  return String(text).replace(/\\b[a-z]/g, (letter) => letter.toUpperCase());
}

module.exports = { titleCase };
`,
      'src/index.js': INDEX([...BASE_MODULES, 'title-case']),
      'test/title-case.test.js': test(
        'title-case',
        'titleCase',
        `
test('capitalises every word', () => {
  assert.equal(titleCase('the quick fox'), 'The Quick Fox');
});
`,
      ),
    },
  },
  {
    message: 'compareVersions: compare numerically, part by part',
    files: {
      'src/version.js': VERSION(`  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;`),
      'test/version.test.js': test(
        'version',
        'compareVersions',
        `${VERSION_TESTS}
test('two-digit parts compare as numbers', () => {
  assert.equal(compareVersions('1.10.0', '1.9.0'), 1);
  assert.equal(compareVersions('1.2', '1.2.0'), 0);
});
`,
      ),
    },
    fix: {
      number: 6,
      problem:
        "compareVersions('1.10.0', '1.9.0') returns -1\n\nVersions are compared as strings, so 1.10.0 sorts before 1.9.0. Each dot-separated part should be compared as a number, and a missing part counts as 0 ('1.2' equals '1.2.0').",
      bad: {
        'src/version.js': VERSION(`  const diff = parseFloat(a) - parseFloat(b);
  return diff < 0 ? -1 : diff > 0 ? 1 : 0;`),
      },
      why: 'parseFloat reads "1.10.0" as 1.1, so 1.10.0 still sorts before 1.9.0 and patch numbers are ignored',
    },
  },
  {
    message: 'median: sort before picking the middle',
    files: {
      'src/stats.js': STATS('  const sorted = [...values].sort((x, y) => x - y);'),
      'test/stats.test.js': test(
        'stats',
        'mean, median',
        `${STATS_TESTS}
test('median of unsorted values', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
});
`,
      ),
    },
    fix: {
      number: 7,
      problem:
        "median ignores the order of its input\n\nmedian([3, 1, 2]) returns 1: the values are not sorted before the middle one is picked. median should work on unsorted input and must not reorder the caller's array.",
      bad: { 'src/stats.js': STATS('  const sorted = values.sort();') },
      why: "sorts in place (reordering the caller's array) and as strings, so median([10, 9, 2]) is 2",
    },
  },
  {
    message: 'pluralize: zero takes the plural',
    files: {
      'src/plural.js': PLURAL(`  return count === 1 ? word : plural;`),
      'test/plural.test.js': test(
        'plural',
        'pluralize',
        `${PLURAL_TESTS}
test('zero takes the plural', () => {
  assert.equal(pluralize('file', 0), 'files');
});
`,
      ),
    },
    fix: {
      number: 8,
      problem:
        "pluralize(word, 0) returns the singular\n\npluralize('file', 0) returns 'file', so the CLI prints '0 file'. In English zero takes the plural: only a count of exactly 1 is singular.",
      bad: { 'src/plural.js': PLURAL('  return count === 1 ? word : `${word}s`;') },
      why: 'ignores the irregular plural argument, so pluralize("child", 2, "children") becomes "childs"',
    },
  },
];
