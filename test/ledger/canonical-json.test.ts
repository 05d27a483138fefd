import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CanonicalJsonError, canonicalJson } from '../../src/core/ledger/index.js';

const VECTORS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/vectors/jcs');
const inputs = readdirSync(path.join(VECTORS, 'input'))
  .filter((name) => name.endsWith('.json'))
  .sort();

function outhexBytes(name: string): Buffer {
  const text = readFileSync(path.join(VECTORS, 'outhex', name.replace(/\.json$/, '.txt')), 'utf8');
  return Buffer.from(text.replace(/\s+/g, ''), 'hex');
}

describe('RFC 8785 vectors (test/fixtures/vectors/jcs, cyberphone/json-canonicalization)', () => {
  it('the vector directory is complete: every input has an output and an outhex file', () => {
    // Guards the iteration below against silently testing nothing.
    expect(inputs.length).toBeGreaterThanOrEqual(6);
    const outputs = readdirSync(path.join(VECTORS, 'output')).sort();
    const outhex = readdirSync(path.join(VECTORS, 'outhex')).sort();
    expect(outputs).toEqual(inputs);
    expect(outhex).toEqual(inputs.map((name) => name.replace(/\.json$/, '.txt')));
  });

  it.each(inputs)('%s canonicalizes to the exact bytes of output/ and outhex/', (name) => {
    const input = JSON.parse(readFileSync(path.join(VECTORS, 'input', name), 'utf8'));
    const actual = Buffer.from(canonicalJson(input), 'utf8');
    const expected = readFileSync(path.join(VECTORS, 'output', name));
    expect(actual.toString('hex')).toBe(expected.toString('hex'));
    expect(actual.toString('hex')).toBe(outhexBytes(name).toString('hex'));
  });

  it.each(inputs)('%s is a fixed point: canonicalizing the expected output changes nothing', (name) => {
    const expected = readFileSync(path.join(VECTORS, 'output', name), 'utf8');
    expect(canonicalJson(JSON.parse(expected))).toBe(expected);
  });
});

describe('canonicalJson output rules', () => {
  it('prints -0 as 0, at the top level and nested', () => {
    expect(canonicalJson(-0)).toBe('0');
    expect(canonicalJson({ a: [-0, 0] })).toBe('{"a":[0,0]}');
  });

  it('prints numbers in the ECMAScript / JCS shortest form', () => {
    expect(canonicalJson(1e30)).toBe('1e+30');
    expect(canonicalJson(1e21)).toBe('1e+21');
    expect(canonicalJson(1e-7)).toBe('1e-7');
    expect(canonicalJson(0.000001)).toBe('0.000001');
    expect(canonicalJson(4.5)).toBe('4.5');
    expect(canonicalJson(5e-324)).toBe('5e-324');
    expect(canonicalJson(Number.MAX_VALUE)).toBe('1.7976931348623157e+308');
    expect(canonicalJson(JSON.parse('333333333.33333329'))).toBe('333333333.3333333');
  });

  it('accepts the largest safe integers', () => {
    expect(canonicalJson(2 ** 53 - 1)).toBe('9007199254740991');
    expect(canonicalJson(-(2 ** 53 - 1))).toBe('-9007199254740991');
  });

  it('sorts keys by UTF-16 code units, not code points (astral U+1F600 before U+FB33)', () => {
    // By code point U+FB33 < U+1F600; by UTF-16 code units 0xD83D < 0xFB33, which is what RFC 8785 requires.
    expect(canonicalJson({ '\uFB33': 1, '\u{1F600}': 2 })).toBe('{"\u{1F600}":2,"\uFB33":1}');
    expect(canonicalJson({ b: 1, a: 2, B: 3, '': 4, '10': 5, '9': 6 })).toBe(
      '{"":4,"10":5,"9":6,"B":3,"a":2,"b":1}',
    );
  });

  it('escapes exactly the JCS set: control characters as lowercase \\u00xx, U+007F and U+2028 raw', () => {
    expect(canonicalJson('\u0000\u001f\b\t\n\f\r"\\/')).toBe('"\\u0000\\u001f\\b\\t\\n\\f\\r\\"\\\\/"');
    expect(canonicalJson('\u007f\u2028\u2029\u{1F600}')).toBe('"\u007f\u2028\u2029\u{1F600}"');
  });

  it('does not normalise Unicode (A + combining ring stays two code points)', () => {
    expect(canonicalJson('A\u030a')).toBe('"A\u030a"');
    expect(canonicalJson('A\u030a')).not.toBe(canonicalJson('\u00c5'));
  });

  it('accepts null-prototype objects as plain objects', () => {
    const value = Object.assign(Object.create(null) as Record<string, unknown>, { z: 1, a: null });
    expect(canonicalJson(value)).toBe('{"a":null,"z":1}');
  });

  it('keeps an own "__proto__" key as an ordinary key', () => {
    const value = JSON.parse('{"__proto__":{"x":1},"a":true}');
    expect(canonicalJson(value)).toBe('{"__proto__":{"x":1},"a":true}');
  });
});

describe('canonicalJson rejects values that are not portable JSON', () => {
  const rejects = (value: unknown, pattern: RegExp): void => {
    let thrown: unknown;
    try {
      canonicalJson(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown, `expected CanonicalJsonError for ${String(pattern)}`).toBeInstanceOf(CanonicalJsonError);
    expect((thrown as Error).message).toMatch(pattern);
  };

  it('a lone high surrogate in a string value', () => {
    rejects({ a: 'x\uD83Dy' }, /^\$\.a: .*lone UTF-16 surrogate/);
  });

  it('a lone low surrogate in a string value inside an array', () => {
    rejects({ a: ['ok', '\uDE00'] }, /^\$\.a\[1\]: .*lone UTF-16 surrogate/);
  });

  it('a lone surrogate in an object key', () => {
    rejects({ ok: 1, '\uD800': 2 }, /key contains a lone UTF-16 surrogate/);
  });

  it('a reversed surrogate pair (low then high)', () => {
    rejects('\uDE00\uD83D', /lone UTF-16 surrogate/);
  });

  it('NaN', () => {
    rejects({ n: Number.NaN }, /^\$\.n: NaN is not representable/);
  });

  it('Infinity', () => {
    rejects([Number.POSITIVE_INFINITY], /^\$\[0\]: Infinity is not representable/);
  });

  it('-Infinity', () => {
    rejects(Number.NEGATIVE_INFINITY, /^\$: -Infinity is not representable/);
  });

  it('a Date', () => {
    rejects({ at: new Date(0) }, /^\$\.at: Date is not a plain object/);
  });

  it('a Map', () => {
    rejects(new Map([['a', 1]]), /Map is not a plain object/);
  });

  it('a class instance', () => {
    class Point {
      x = 1;
    }
    rejects({ p: new Point() }, /^\$\.p: Point is not a plain object/);
  });

  it('a Buffer', () => {
    rejects({ b: Buffer.from('hi') }, /Buffer is not a plain object/);
  });

  it('a Uint8Array', () => {
    rejects({ b: new Uint8Array([1, 2]) }, /Uint8Array is not a plain object/);
  });

  it('a boxed String', () => {
    rejects({ s: new String('x') }, /String is not a plain object/);
  });

  it('undefined as a value (JSON.stringify would silently drop it)', () => {
    rejects({ a: undefined }, /^\$\.a: undefined is not a JSON value/);
  });

  it('undefined at the top level', () => {
    rejects(undefined, /^\$: undefined is not a JSON value/);
  });

  it('a function', () => {
    rejects({ f: () => 1 }, /^\$\.f: function is not a JSON value/);
  });

  it('a bigint', () => {
    rejects({ n: 10n }, /^\$\.n: bigint is not a JSON value/);
  });

  it('a symbol value', () => {
    rejects({ s: Symbol('s') }, /^\$\.s: symbol is not a JSON value/);
  });

  it('a symbol key', () => {
    rejects({ a: 1, [Symbol('k')]: 2 }, /symbol keys are not JSON/);
  });

  it('a sparse array hole', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point of this test
    rejects([1, , 3], /^\$\[1\]: sparse array hole/);
  });

  it('an array with a deleted element', () => {
    const array = [1, 2, 3];
    delete array[2];
    rejects({ a: array }, /^\$\.a\[2\]: sparse array hole/);
  });

  it('2^53, which prints as plain digits but is not an exact integer everywhere', () => {
    rejects({ n: 2 ** 53 }, /^\$\.n: integer 9007199254740992 is outside the safe range/);
  });

  it('-(2^53)', () => {
    rejects([-(2 ** 53)], /integer -9007199254740992 is outside the safe range/);
  });

  it('1e20, the largest unsafe integer band below the exponent form', () => {
    rejects(1e20, /integer 100000000000000000000 is outside the safe range/);
  });

  it('never partially accepts: a bad value deep inside fails the whole document', () => {
    rejects({ a: { b: { c: [1, { d: Number.NaN }] } } }, /^\$\.a\.b\.c\[1\]\.d: NaN/);
  });
});
