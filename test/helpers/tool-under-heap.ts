/**
 * Runs one harness tool once in this process and prints its outcome as JSON (content cut to 2 KiB
 * unless FULL is `full`): started by tests under a small `--max-old-space-size` to show a tool's
 * memory stays bounded whatever the working copy holds.
 *
 *   node --max-old-space-size=MB --import tsx test/helpers/tool-under-heap.ts WORKDIR TOOL INPUT_JSON [FULL]
 *
 * Tests start it bundled (toolUnderHeapScript in test/tools/tool-helpers.ts): it imports no test
 * helper that loads vitest.
 */

import { listDirTool, readFileTool } from '../../src/core/tools/fs-tools.js';
import { createGitTools } from '../../src/core/tools/git-tools.js';
import type { Tool } from '../../src/core/tools/tool.js';
import { gitEnv, toolContext } from '../tools/tool-context.js';

const [workdir, name, input, full] = process.argv.slice(2);
if (workdir === undefined || name === undefined || input === undefined) {
  process.stderr.write('usage: tool-under-heap.ts WORKDIR TOOL INPUT_JSON\n');
  process.exit(2);
}
const tools: Tool[] = [
  listDirTool,
  readFileTool,
  ...createGitTools({ env: { ...gitEnv(process.env.HOME ?? workdir), GIT_CONFIG_NOSYSTEM: '1' } }),
];
const tool = tools.find((candidate) => candidate.name === name);
if (tool === undefined) {
  process.stderr.write(`no tool ${name}\n`);
  process.exit(2);
}
const started = Date.now();
const outcome = await tool.run(JSON.parse(input), toolContext(workdir));
process.stdout.write(
  `${JSON.stringify({
    isError: outcome.isError,
    content: full === 'full' ? outcome.content : outcome.content.slice(0, 2048),
    contentLength: outcome.content.length,
    data: outcome.data,
    ms: Date.now() - started,
  })}\n`,
);
