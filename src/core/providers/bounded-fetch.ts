import { findJsonStructureProblem } from '../ledger/json-structure.js';
import { ProviderFatalError } from './errors.js';

/**
 * The most bytes of one model API response Truss reads (docs/providers.md). An answer is bounded
 * by `max_tokens` (a reviewer's by 1024), so a body this large is not a model answer: a
 * misconfigured `base_url` or a hostile server, which must not be able to fill the harness's memory.
 */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * Nesting deeper than any model answer's envelope; only a bound for the duplicate-key scan, which is
 * iterative and would not overflow at any depth.
 */
const MAX_RESPONSE_DEPTH = 10_000;

/**
 * `fetch` whose response bodies end in a ProviderFatalError once they pass `maxBytes` (a declared
 * `content-length` over the cap fails before any of the body is read), and whose successful JSON
 * answers are refused when one object repeats a key: `JSON.parse` (and the SDKs) keep the last value
 * silently, so `{"vote":"not_met",…,"vote":"met"}` in a tool call's input would be read as met,
 * where another reader keeps the first (docs/providers.md). The providers read every response
 * through it, the Anthropic SDK included.
 */
export function boundedFetch(
  /** The fetch to wrap; default the global fetch, looked up at each call. */
  inner: typeof fetch | undefined,
  provider: string,
  maxBytes: number = MAX_RESPONSE_BYTES,
  /** For another caller than a provider (an MCP server over http): its error, and what to say of the size. */
  caller: { refuse: (message: string) => Error; tooLarge: string } = {
    refuse: (message) => new ProviderFatalError(provider, message),
    tooLarge: 'more than any model answer; check base_url points at the model API',
  },
): typeof fetch {
  const tooLarge = () =>
    caller.refuse(`the response is larger than ${describeBytes(maxBytes)}, ${caller.tooLarge}`);
  return async (input, init) => {
    const response = await (inner ?? globalThis.fetch)(input, init);
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    if (!response.body) return response;
    // A successful JSON answer is held until its end and scanned whole; anything else streams.
    const held: Uint8Array[] | null =
      response.ok && /\bjson\b/i.test(response.headers.get('content-type') ?? '') ? [] : null;
    const reader = response.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      // A pull must enqueue, close or error before it returns: the stream asks again only when a
      // read came in meanwhile, so a pull that only held a chunk left the reader waiting for ever
      // (every held answer of more than one chunk over a real socket hung its run to the deadline).
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            const refusal = held && repeatedKeyRefusal(caller.refuse, held);
            if (refusal) {
              controller.error(refusal);
              return;
            }
            for (const chunk of held ?? []) controller.enqueue(chunk);
            controller.close();
            return;
          }
          seen += value.byteLength;
          if (seen > maxBytes) {
            // Errored first: over a real socket the cancel can wait on the peer as long as it likes.
            controller.error(tooLarge());
            reader.cancel().catch(() => {});
            return;
          }
          if (!held) {
            controller.enqueue(value);
            return;
          }
          held.push(value);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * The refusal of a JSON body in which one object repeats a key, or null (also for a body that is not
 * JSON at all: the SDK reports that in its own words).
 */
function repeatedKeyRefusal(refuse: (message: string) => Error, chunks: readonly Uint8Array[]): Error | null {
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  const problem = findJsonStructureProblem(text, MAX_RESPONSE_DEPTH);
  if (problem?.kind !== 'duplicate_key') return null;
  return refuse(
    `the response repeats the key ${JSON.stringify(problem.key)} in one object; JSON readers disagree on which value counts, so the answer is refused`,
  );
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
