import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  nodeTreeHasher,
  ProofError,
  verifyConsistency,
  verifyInclusion,
} from '../../src/core/anchor/index.js';

const VECTORS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/vectors/merkle');
const hasher = nodeTreeHasher();

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

const b64 = (text: string): Uint8Array => Buffer.from(text, 'base64');
const rel = (file: string): string => path.relative(VECTORS, file);

interface InclusionVector {
  leafIdx: number;
  treeSize: number;
  root: string;
  leafHash: string;
  proof: string[] | null;
  wantErr: boolean;
}

interface ConsistencyVector {
  size1: number;
  size2: number;
  root1: string;
  root2: string;
  proof: string[] | null;
  wantErr: boolean;
}

const inclusion = files(path.join(VECTORS, 'inclusion')).sort();
const consistency = files(path.join(VECTORS, 'consistency')).sort();

function outcome(run: () => void): 'ok' | 'rejected' {
  try {
    run();
    return 'ok';
  } catch (error) {
    // Only a typed proof rejection counts; any other exception would be a bug in the verifier.
    expect(error).toBeInstanceOf(ProofError);
    return 'rejected';
  }
}

describe('transparency-dev/merkle vectors (test/fixtures/vectors/merkle, Apache-2.0)', () => {
  it('the vector set is complete, with both accepting and rejecting cases', () => {
    expect(inclusion.length).toBe(98);
    expect(consistency.length).toBe(98);
    const load = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as { wantErr: boolean };
    expect(inclusion.map(load).filter((v) => !v.wantErr).length).toBeGreaterThanOrEqual(5);
    expect(consistency.map(load).filter((v) => !v.wantErr).length).toBeGreaterThanOrEqual(5);
  });

  it.each(inclusion.map((f) => [rel(f), f]))('inclusion %s', (_name, file) => {
    const v = JSON.parse(readFileSync(file, 'utf8')) as InclusionVector;
    const got = outcome(() =>
      verifyInclusion(hasher, v.leafIdx, v.treeSize, b64(v.leafHash), (v.proof ?? []).map(b64), b64(v.root)),
    );
    expect(got).toBe(v.wantErr ? 'rejected' : 'ok');
  });

  it.each(consistency.map((f) => [rel(f), f]))('consistency %s', (_name, file) => {
    const v = JSON.parse(readFileSync(file, 'utf8')) as ConsistencyVector;
    const got = outcome(() =>
      verifyConsistency(hasher, v.size1, v.size2, (v.proof ?? []).map(b64), b64(v.root1), b64(v.root2)),
    );
    expect(got).toBe(v.wantErr ? 'rejected' : 'ok');
  });
});
