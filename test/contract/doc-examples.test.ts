/**
 * The TOML a reader copies out of the docs is TOML: every ```toml block in docs/*.md and README.md
 * parses, and every block that is a whole contract (`[contract]` and `[[done]]`) passes the
 * contract schema the CLI and the Action use. The full example in docs/contracts.md once declared
 * `[sandbox]` twice, so `truss run` on it failed with "trying to redefine an already defined table".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parseContractToml } from '../../src/core/contract/load.js';
import { GITHUB_CONTRACT_FORMAT } from '../../src/github/settings.js';
import { REPO_ROOT } from '../helpers/cli.js';

interface Block {
  where: string;
  text: string;
}

function tomlBlocks(): Block[] {
  const files = [
    ...readdirSync(join(REPO_ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
    'README.md',
  ];
  const blocks: Block[] = [];
  for (const file of files) {
    const text = readFileSync(join(REPO_ROOT, file), 'utf8');
    for (const match of text.matchAll(/^```toml\n([\s\S]*?)^```/gm)) {
      const line = text.slice(0, match.index).split('\n').length + 1;
      blocks.push({ where: `${file}:${line}`, text: match[1] as string });
    }
  }
  return blocks;
}

describe('TOML examples in the docs', () => {
  const blocks = tomlBlocks();

  it('there are examples to check', () => {
    expect(blocks.length).toBeGreaterThan(10);
  });

  it('every ```toml block parses', () => {
    const broken = blocks.flatMap((block) => {
      try {
        parse(block.text);
        return [];
      } catch (error) {
        return [`${block.where}: ${(error as Error).message.split('\n')[0]}`];
      }
    });
    expect(broken).toEqual([]);
  });

  it('every whole contract in them passes the contract schema', () => {
    const contracts = blocks.filter((b) => /^\[contract\]/m.test(b.text) && /^\[\[done\]\]/m.test(b.text));
    expect(contracts.some((b) => b.where.startsWith('docs/contracts.md'))).toBe(true);
    const invalid = contracts.flatMap((block) => {
      try {
        parseContractToml(block.text, block.where, GITHUB_CONTRACT_FORMAT);
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    });
    expect(invalid).toEqual([]);
  });
});
