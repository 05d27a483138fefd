/**
 * dist/relay.js: the relay of `[executor] tools = "truss"` on its own, a few kilobytes with no
 * dependency, so a host whose own files the sandbox cannot see (the Action: its dist/ lies under the
 * runner's HOME, which the isolation hides) can copy it into the run's tool directory and have the
 * delegated CLI start that copy (docs/action.md). Takes the same arguments as
 * `truss mcp serve --tools --session S --connect DIR`; holds no key and opens no ledger.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { relayToolSocket } from '../core/executors/index.js';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { tools: { type: 'boolean' }, session: { type: 'string' }, connect: { type: 'string' } },
  allowPositionals: true,
  strict: true,
});
if (!values.tools || !values.session || !values.connect) {
  process.stderr.write(
    'truss relay: usage: relay.js mcp serve --tools --session SESSION --connect DIR (a delegated run with [executor] tools = "truss" starts it)\n',
  );
  process.exitCode = 2;
} else {
  process.exitCode = await relayToolSocket({
    dir: resolve(values.connect),
    sessionId: values.session,
    input: process.stdin,
    output: process.stdout,
    error: (text) => process.stderr.write(text),
  });
}
