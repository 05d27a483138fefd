import { z } from 'zod';

/**
 * A schema made the first time it is asked for. zod builds every object of a schema when the schema
 * is made, and the contract format's optional sections (`[executor]`, `[provider]`, `[panel]`,
 * `[budget]`, `[pricing]`, `[checks]`, `[sandbox]`, `[constraints]`, `[approval_gates]`, `[mcp]`,
 * `[tools]`, `[memory]`, `[fanout]`) cost each `truss run` milliseconds of its start-up for tables
 * most contracts never write (docs/performance.md). A section with a default
 * (`z.lazy(schema).default(value)`) is as lazy: zod hands out the default without asking the schema.
 */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

/**
 * An optional table of the contract format whose schema is made only when a file has the table.
 * zod's `optional()` asks its inner schema whether it takes an absent value itself (a default), and
 * a `lazy` inner builds its schema to answer; a section has no default of its own (an absent table
 * stays absent, so a contract without it resolves and hashes as before), so the answer is given here
 * and nothing is built for an absent table. Parsing a present table is the inner schema's, issues
 * and paths included.
 */
export function lazySection<T extends z.ZodType>(build: () => T): z.ZodOptional<z.ZodLazy<T>> {
  const inner = z.lazy(build);
  inner._zod.optin = undefined;
  inner._zod.optout = undefined;
  return inner.optional();
}
