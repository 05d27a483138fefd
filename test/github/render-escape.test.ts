import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clipHead,
  clipTail,
  codeSpan,
  escapeHtml,
  fencedBlock,
  htmlText,
  inlineText,
  neutralizeMentions,
  normalizeText,
  safeUrl,
  shellQuote,
  ZWJ,
} from '../../src/github/render/escape.js';
import { commentSafeJson, embedMeta, readMeta } from '../../src/github/render/meta.js';

/** Pipes that would split a table cell: not preceded by an escaping backslash. */
function unescapedPipes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '|') n++;
  }
  return n;
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
}

describe('inlineText', () => {
  it('escapes pipes, HTML, markdown punctuation and newlines', () => {
    const out = inlineText('a | b </details> <script>x</script> & [l](u) `c`\nnext');
    expect(unescapedPipes(out)).toBe(0);
    expect(out.replace(/<br>/g, '')).not.toMatch(/[<>]/);
    expect(out).toContain('&lt;/details&gt;');
    expect(out).toContain('&lt;script&gt;');
    expect(out).toContain('&amp;');
    expect(out).toContain('\\[l\\]\\(u\\)');
    expect(out).toContain('\\`c\\`');
    expect(out).toContain('<br>next');
    expect(out).not.toContain('\n');
  });

  it('cannot open or close HTML comments', () => {
    const out = inlineText('--> <!-- --!>');
    expect(out).not.toContain('-->');
    expect(out).not.toContain('<!--');
    expect(out).not.toContain('--!>');
  });

  it('neutralises mentions and issue references', () => {
    const out = inlineText('ping @octocat and @github/security, see #12 and o/r#3');
    expect(out).not.toMatch(/@[A-Za-z0-9]/);
    expect(out).not.toMatch(/#\d/);
    expect(out).toContain(`@${ZWJ}octocat`);
  });

  it('neutralises bare links (autolinks, cross-references to other issues)', () => {
    const out = inlineText(
      'see https://github.com/other/repo/issues/5, HTTP://evil.example/x, www.evil.example and GH-77',
    );
    expect(out).not.toMatch(/[a-z]:\/\//i);
    expect(out).not.toMatch(/www\./i);
    expect(out).not.toMatch(/GH-\d/i);
    expect(out).toContain(`https:${ZWJ}//github.com/other/repo/issues/5`);
    expect(htmlText('go to https://evil.example now')).toContain(`https:${ZWJ}//evil.example`);
    // cmark-gfm links after `_`, digits and other punctuation too (not after letters).
    for (const tricky of ['_www.evil.example', '_https://evil.example', '1https://evil.example', '(GH-12)'])
      expect(inlineText(tricky)).not.toMatch(/https:\/\/|www\.|GH-\d/i);
  });

  it('cannot start a block (heading, list, quote) and a trailing backslash cannot eat a pipe', () => {
    expect(inlineText('# head')).toBe('\\# head');
    expect(inlineText('- item')).toBe('\\- item');
    expect(inlineText('1. item')).toBe('1\\. item');
    expect(inlineText('> quote')).toBe('&gt; quote');
    expect(unescapedPipes(`| ${inlineText('ends with \\')} |`)).toBe(2);
  });

  it('clips long text and says so', () => {
    const out = inlineText('x'.repeat(5000), 100);
    expect(out.length).toBeLessThan(200);
    expect(out).toContain('truncated 4900 chars');
  });

  it('keeps any input on one line with no unescaped pipe or angle bracket (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = inlineText(s);
        expect(out).not.toMatch(/[\n\r\u2028\u2029]/);
        expect(unescapedPipes(out)).toBe(0);
        expect(out.replace(/<br>/g, '')).not.toMatch(/[<>]/);
      }),
    );
  });
});

describe('htmlText', () => {
  it('is one line with HTML escaped and mentions neutralised', () => {
    const out = htmlText('</summary>\n<b>@octocat</b>');
    expect(out).toBe(`&lt;/summary&gt; &lt;b&gt;@${ZWJ}octocat&lt;/b&gt;`);
  });

  it('turns markdown punctuation into character references', () => {
    expect(htmlText('[x](y) `c` a|b *e* _u_')).toBe(
      '&#x5B;x&#x5D;(y) &#x60;c&#x60; a&#x7C;b &#x2A;e&#x2A; &#x5F;u&#x5F;',
    );
  });
});

describe('fencedBlock', () => {
  it('uses a fence longer than any backtick run inside', () => {
    const out = fencedBlock('a\n```\nb ````` c\n```');
    const fence = out.split('\n')[0] as string;
    expect(fence).toBe('``````');
    expect(out.endsWith(`\n${fence}`)).toBe(true);
  });

  it('defaults to three backticks and strips backticks from the info string', () => {
    expect(fencedBlock('plain', 's`h')).toBe('```sh\nplain\n```');
  });

  it('neutralises mentions and HTML comment delimiters but keeps the text otherwise literal', () => {
    const out = fencedBlock('<!-- x --> @octocat <b>');
    expect(out).not.toContain('<!--');
    expect(out).not.toContain('-->');
    expect(out).not.toContain('@octocat');
    expect(out).toContain('<b>');
  });

  it('can never be closed early (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = fencedBlock(s);
        const lines = out.split('\n');
        const fence = lines[0] as string;
        const body = lines.slice(1, -1).join('\n');
        expect(lines.at(-1)).toBe(fence);
        expect(longestBacktickRun(body)).toBeLessThan(fence.length);
      }),
    );
  });
});

describe('codeSpan', () => {
  it('wraps backticks and pipes safely', () => {
    expect(codeSpan('abc')).toBe('`abc`');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x')).toBe('`` `x ``');
    expect(unescapedPipes(codeSpan('a|b'))).toBe(0);
    expect(codeSpan('a\nb')).toBe('`a b`');
  });
});

describe('helpers', () => {
  it('normalizes line endings, strips controls and shows bidi controls and marks as marks', () => {
    expect(normalizeText('a\r\nb\rc\u2028d\u0000e\u202Ef')).toBe('a\nb\nc\nde⟦U+202E⟧f');
    expect(normalizeText('\u2066x\u2069 \u200Fy\u061C')).toBe('⟦U+2066⟧x⟦U+2069⟧ ⟦U+200F⟧y⟦U+061C⟧');
    expect(inlineText('src/\u202Egnp.exe')).toBe('src/⟦U+202E⟧gnp.exe');
  });

  it('escapes HTML', () => {
    expect(escapeHtml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });

  it('neutralises only mention-shaped text', () => {
    expect(neutralizeMentions('a @ b, mail@ x')).toBe('a @ b, mail@ x');
    expect(neutralizeMentions('@a')).toBe(`@${ZWJ}a`);
  });

  it('clips heads and tails without splitting surrogate pairs', () => {
    expect(clipHead('😀😀😀', 3)).toBe('😀… [truncated 4 chars]');
    const tail = clipTail(`${'line\n'.repeat(100)}END`, 20);
    expect(tail.endsWith('END')).toBe(true);
    expect(tail).toMatch(/^\[… \d+ earlier chars truncated\]\n/);
    expect(clipTail('short', 20)).toBe('short');
  });

  it('accepts only http(s) URLs', () => {
    expect(safeUrl('https://github.com/o/r/actions/runs/1')).toBe('https://github.com/o/r/actions/runs/1');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('not a url')).toBeNull();
    expect(safeUrl(null)).toBeNull();
    expect(safeUrl('https://x.test/a(b)')).toBe('https://x.test/a%28b%29');
  });

  it('quotes shell words only when needed', () => {
    expect(shellQuote('truss-ledger-a.json')).toBe('truss-ledger-a.json');
    expect(shellQuote("a b'c")).toBe(`'a b'\\''c'`);
  });
});

describe('hidden metadata', () => {
  it('round-trips values that try to close the comment', () => {
    const meta = { a: '-->', b: '<!-- x --!>', c: '</details>', d: ['--', 1, -2, null], e: { f: 'ü😀&' } };
    const json = commentSafeJson(meta);
    expect(json).not.toMatch(/[<>&]|--/);
    expect(JSON.parse(json)).toEqual(meta);
    expect(readMeta(`x\n${embedMeta(meta)}\ny -->`)).toEqual(meta);
  });

  it('round-trips any JSON value without ever containing a comment delimiter (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (meta) => {
        const embedded = embedMeta(meta);
        const inner = embedded.slice('<!-- '.length, -' -->'.length);
        expect(inner).not.toContain('--');
        expect(inner).not.toContain('>');
        expect(readMeta(embedded)).toEqual(JSON.parse(JSON.stringify(meta)));
      }),
    );
  });

  it('reads nothing from bodies without metadata', () => {
    expect(readMeta('hello')).toBeNull();
    expect(readMeta('<!-- truss:meta {not json} -->')).toBeNull();
    expect(readMeta('<!-- truss:meta [1] -->')).toBeNull();
  });
});
