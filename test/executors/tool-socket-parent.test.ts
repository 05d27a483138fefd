import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolSocketParent } from '../../src/core/executors/delegated-tools-socket.js';

describe("the tool socket's directory", () => {
  it("is made in the run's swept temp dir when the socket's path there can be bound, else in the fallback", () => {
    const swept = '/tmp/truss-sandbox-0/keep/truss-harness-AbCdEf';
    expect(toolSocketParent(swept, '/tmp')).toBe(swept);
    // A long TMPDIR would make a path the kernel refuses to bind (sun_path).
    const deep = join(
      '/home/runner/work/_temp',
      'x'.repeat(40),
      'truss-sandbox-1001/keep/truss-harness-AbCdEf',
    );
    expect(toolSocketParent(deep, '/tmp')).toBe('/tmp');
    expect(toolSocketParent(undefined, '/tmp')).toBe('/tmp');
  });
});
