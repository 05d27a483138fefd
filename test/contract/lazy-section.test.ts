import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractError } from '../../src/core/contract/index.js';
import { builtOnce, lazySection } from '../../src/core/contract/lazy-section.js';
import { parseContractToml } from '../../src/core/contract/load.js';
import {
  APPROVAL_GATES_DEFAULTS,
  approvalGatesSchema,
  CONSTRAINTS_DEFAULTS,
  constraintsSchema,
} from '../../src/core/contract/schema.js';

/** A section schema whose builds are counted. */
function countedSection() {
  let builds = 0;
  const build = () => {
    builds += 1;
    return z.strictObject({
      size: z.number().int().min(1),
      mode: z.enum(['a', 'b']).default('a'),
      nested: z.strictObject({ flag: z.boolean() }).optional(),
    });
  };
  return { build, builds: () => builds };
}

const INPUTS: unknown[] = [
  { name: 'x' },
  { name: 'x', section: { size: 2 } },
  { name: 'x', section: { size: 2, mode: 'b', nested: { flag: true } } },
  { name: 'x', section: { size: 0 } },
  { name: 'x', section: { size: 2, mode: 'c' } },
  { name: 'x', section: { size: 2, extra: 1 } },
  { name: 'x', section: { size: 2, nested: { flag: 'yes' } } },
  { name: 'x', section: 'not a table' },
  { name: 'x', section: null },
  { name: 'x', other: 1 },
];

describe('lazySection: an optional table whose schema is made only when a file has it', () => {
  it('never builds the schema of an absent table, however often files without it are parsed', () => {
    const section = countedSection();
    const schema = z.strictObject({ name: z.string(), section: lazySection(section.build) });
    for (let i = 0; i < 3; i++) expect(schema.parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(schema.safeParse({ name: 'x', other: 1 }).success).toBe(false);
    expect(schema.partial().parse({})).toEqual({});
    expect(section.builds()).toBe(0);
    schema.parse({ name: 'x', section: { size: 1 } });
    schema.parse({ name: 'x', section: { size: 3 } });
    expect(section.builds()).toBe(1);
  });

  it('parses every input exactly as the schema made up front does: values, issues and their paths', () => {
    const eager = z.strictObject({ name: z.string(), section: countedSection().build().optional() });
    const lazy = z.strictObject({ name: z.string(), section: lazySection(countedSection().build) });
    for (const input of INPUTS) {
      const want = eager.safeParse(input);
      const got = lazy.safeParse(input);
      expect(got.success, JSON.stringify(input)).toBe(want.success);
      if (want.success) expect(got.data).toEqual(want.data);
      else expect(got.error?.issues).toEqual(want.error.issues);
    }
  });

  it('keeps the contract format whole: a mistyped section is named among the allowed keys, a bad value by file:line:col', () => {
    const head =
      '[contract]\nid = "c"\nintent = "i"\n\n[[done]]\nkind = "check"\ndesc = "d"\nrun = "true"\n\n';
    const error = (toml: string) => {
      try {
        parseContractToml(toml, 'c.toml');
      } catch (thrown) {
        expect(thrown).toBeInstanceOf(ContractError);
        return (thrown as Error).message;
      }
      throw new Error('parsed');
    };
    expect(error(`${head}[memroy]\nlessons = "on"\n`)).toMatch(
      /unknown key "memroy" \(did you mean "memory"\?\); allowed keys at the top level: .*mcp, tools, memory/,
    );
    expect(error(`${head}[tools]\nweb = "yes"\n`)).toMatch(/c\.toml:11:\d+: tools\.web/);
    expect(error(`${head}[[mcp.servers]]\nname = "a__b"\ncommand = "x"\n`)).toMatch(
      /c\.toml:11:\d+: mcp\.servers\[0\]\.name: must be letters and digits/,
    );
    expect(error(`${head}[executor]\nkind = "nope"\n`)).toMatch(
      /c\.toml:11:\d+: executor\.kind: .*"in-loop"/,
    );
    expect(error(`${head}[[panel.seats]]\nkind = "scripted"\ntemperature = 9\n`)).toMatch(
      /c\.toml:12:\d+: panel\.seats\[0\]\.temperature/,
    );
    expect(parseContractToml(`${head}[fanout]\nattempts = 2\n`, 'c.toml').fanout).toEqual({
      attempts: 2,
      reducer: 'vote',
    });
  });
});

describe('the defaults written out for lazy sections', () => {
  it('are what the sections’ own schemas make of an empty table, key order included', () => {
    for (const [defaults, schema] of [
      [CONSTRAINTS_DEFAULTS, constraintsSchema()],
      [APPROVAL_GATES_DEFAULTS, approvalGatesSchema()],
    ] as const) {
      const made = schema.parse({});
      expect(defaults).toEqual(made);
      expect(JSON.stringify(defaults)).toBe(JSON.stringify(made));
    }
  });
});

describe('builtOnce', () => {
  it('builds on the first call and hands the same value to every later one', () => {
    let builds = 0;
    const get = builtOnce(() => {
      builds += 1;
      return { made: builds };
    });
    expect(builds).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(builds).toBe(1);
  });
});
