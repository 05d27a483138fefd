import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { DecisionSigner } from './decision-session.js';
import { KEY_PATTERN, MAX_BODY_CHARS } from './entry.js';
import { MemoryError } from './errors.js';
import { type IngestResult, PLAYBOOK_IMPORTED_KIND, type ProposedItem, proposedItem } from './proposals.js';
import { signProposals } from './propose-session.js';

/** The sections a playbook's headings are read into (docs/memory.md "Playbooks"); absent ones are empty. */
export const PLAYBOOK_SECTIONS = [
  'purpose',
  'trigger',
  'prerequisites',
  'procedure',
  'checks',
  'examples',
  'known_failures',
] as const;
export type PlaybookSection = (typeof PLAYBOOK_SECTIONS)[number];

export interface ParsedPlaybook {
  key: string;
  name: string;
  description: string;
  /** Which sections the file has, by heading. */
  sections: Record<PlaybookSection, string>;
  /** What the entry holds: a title, the description and the markdown without front matter. */
  body: string;
  /** The file as given (relative to where import started). */
  path: string;
  file_sha256: string;
}

const MAX_FILE_BYTES = 256 * 1024;
const HEADINGS: Record<PlaybookSection, RegExp> = {
  purpose: /^(purpose|overview|about|goal)s?$/,
  trigger: /^(trigger|when to use|when|use when)s?$/,
  prerequisites: /^(prerequisites?|requirements?|setup|before you start)$/,
  procedure: /^(procedure|steps|instructions|how to|workflow|process)$/,
  checks: /^(checks?|verification|verify|done when|definition of done)$/,
  examples: /^(examples?|usage)$/,
  known_failures: /^(known failures?|pitfalls?|gotchas?|troubleshooting|failure modes?)$/,
};

/**
 * The playbook files a path names: a file itself (`*.md`, `SKILL.md`), or in a directory its `*.md`
 * files and every `SKILL.md` below it (the Claude Code skill layout), sorted. Nothing is executed.
 */
export function findPlaybookFiles(path: string): string[] {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    throw new MemoryError(
      'bad_playbook',
      `${path}: no such file or directory; give a playbook .md file, a SKILL.md or a directory of them (e.g. .truss/playbooks)`,
    );
  }
  if (stat.isFile()) {
    if (!path.endsWith('.md'))
      throw new MemoryError('bad_playbook', `${path}: a playbook is a markdown (.md) file`);
    return [path];
  }
  const found = new Set<string>();
  const walk = (dir: string, depth: number) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && depth < 4 && !entry.name.startsWith('.') && entry.name !== 'node_modules')
        walk(full, depth + 1);
      else if (entry.isFile() && (entry.name === 'SKILL.md' || (depth === 0 && entry.name.endsWith('.md'))))
        found.add(full);
    }
  };
  walk(path, 0);
  if (found.size === 0) throw new MemoryError('bad_playbook', `${path}: no *.md or SKILL.md files in it`);
  return [...found].sort();
}

/**
 * Reads one playbook file: optional YAML-style front matter (`name:`, `description:`, as SKILL.md
 * has), headings read into the playbook sections. The key is `--key`, else the front matter's name,
 * else the file's name (a SKILL.md's directory).
 */
export function parsePlaybook(
  file: string,
  options: { cwd: string; key?: string | undefined },
): ParsedPlaybook {
  const bytes = readFileSync(file);
  if (bytes.length > MAX_FILE_BYTES)
    throw new MemoryError(
      'bad_playbook',
      `${file}: ${bytes.length} bytes; a playbook is at most ${MAX_FILE_BYTES}`,
    );
  const text = bytes.toString('utf8').replace(/\r\n/g, '\n');
  const { front, markdown } = frontMatter(text);
  const fallback = basename(file) === 'SKILL.md' ? basename(dirname(file)) : basename(file, '.md');
  const name = front.name || fallback;
  const key = options.key ?? slug(name);
  if (!KEY_PATTERN.test(key))
    throw new MemoryError(
      'bad_playbook',
      `${file}: key ${JSON.stringify(key)} is not a valid memory key; pass --key`,
    );
  const description = front.description ?? '';
  const body = [`# Playbook: ${name}`, ...(description ? ['', description] : []), '', markdown.trim()]
    .join('\n')
    .trim();
  if (body.length > MAX_BODY_CHARS)
    throw new MemoryError(
      'bad_playbook',
      `${file}: ${body.length} characters; a playbook entry holds at most ${MAX_BODY_CHARS} (split it)`,
    );
  return {
    key,
    name,
    description,
    sections: sectionsOf(markdown),
    body,
    path: relative(options.cwd, file) || file,
    file_sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * `truss playbook import` (docs/memory.md "Playbooks"): the files become unverified `playbook`
 * entries through one signed `playbook_imported` entry in a proposal session of its own.
 */
export function importPlaybooks(
  who: DecisionSigner,
  playbooks: readonly ParsedPlaybook[],
): { sessionId: string; items: ProposedItem[]; ingest: IngestResult } {
  const items = playbookItems(playbooks);
  const signed = signProposals(who, {
    kind: PLAYBOOK_IMPORTED_KIND,
    via: 'playbook_import',
    items,
    sections: playbooks.map((p) => PLAYBOOK_SECTIONS.filter((s) => p.sections[s] !== '')),
  });
  return { ...signed, items };
}

/** The proposals an import signs (also what a dry run shows). */
export function playbookItems(playbooks: readonly ParsedPlaybook[]): ProposedItem[] {
  return playbooks.map((p) =>
    proposedItem({
      kind: 'playbook',
      key: p.key,
      body: p.body,
      salience: 0.5,
      path: p.path,
      file_sha256: p.file_sha256,
    }),
  );
}

function frontMatter(text: string): { front: { name?: string; description?: string }; markdown: string } {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) return { front: {}, markdown: text };
  const front: { name?: string; description?: string } = {};
  for (const line of (match[1] as string).split('\n')) {
    const field = /^(name|description):\s*(.*)$/.exec(line);
    if (field)
      front[field[1] as 'name' | 'description'] = (field[2] as string).trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return { front, markdown: text.slice(match[0].length) };
}

function sectionsOf(markdown: string): Record<PlaybookSection, string> {
  const sections = Object.fromEntries(PLAYBOOK_SECTIONS.map((s) => [s, ''])) as Record<
    PlaybookSection,
    string
  >;
  let current: PlaybookSection | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,4}\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      const title = (heading[1] as string).toLowerCase().replace(/[:.]$/, '').trim();
      current = PLAYBOOK_SECTIONS.find((s) => HEADINGS[s].test(title)) ?? null;
      continue;
    }
    if (current) sections[current] = `${sections[current]}${line}\n`;
  }
  for (const s of PLAYBOOK_SECTIONS) sections[s] = sections[s].trim();
  return sections;
}

function slug(text: string): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9._:/-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '')
    .slice(0, 100);
  return cleaned || 'playbook';
}
