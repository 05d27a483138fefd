/**
 * Environment variables that change what every Node start does before a line of its program runs.
 * `NODE_EXTRA_CA_CERTS` makes Node read and parse a whole CA bundle at start: on the bench machine of
 * 2026-12-05 that was 35 ms a start (`node -e 0` took 58.7 ms with it, 23.2 without), so a ratio
 * against `node -e 0` measured with it looked better than the same code measured anywhere else
 * (docs/performance.md, "The environment of the timed processes"). GitHub-hosted runners set none of
 * these.
 */
export const NODE_START_VARIABLES = [
  'NODE_EXTRA_CA_CERTS',
  'NODE_OPTIONS',
  'NODE_V8_COVERAGE',
  'NODE_DEBUG',
  'NODE_DEBUG_NATIVE',
  'NODE_COMPILE_CACHE',
  'NODE_DISABLE_COMPILE_CACHE',
] as const;

/**
 * Takes {@link NODE_START_VARIABLES} out of this process's environment, so that every process a bench
 * times inherits none of them, and returns the environment as it was (for a figure measured as the
 * shell would start it) with the names that were set.
 */
export function scrubNodeStartEnv(env: NodeJS.ProcessEnv = process.env): {
  ambient: NodeJS.ProcessEnv;
  removed: string[];
} {
  const ambient = { ...env };
  const removed = NODE_START_VARIABLES.filter((name) => env[name] !== undefined);
  for (const name of removed) delete env[name];
  return { ambient, removed };
}
