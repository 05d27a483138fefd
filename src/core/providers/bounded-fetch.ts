import { ProviderFatalError } from './errors.js';

/**
 * The most bytes of one model API response Truss reads (docs/providers.md). An answer is bounded
 * by `max_tokens` (a reviewer's by 1024), so a body this large is not a model answer: a
 * misconfigured `base_url` or a hostile server, which must not be able to fill the harness's memory.
 */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * `fetch` whose response bodies end in a ProviderFatalError once they pass `maxBytes` (a declared
 * `content-length` over the cap fails before any of the body is read). The providers read every
 * response through it, the Anthropic SDK included.
 */
export function boundedFetch(
  /** The fetch to wrap; default the global fetch, looked up at each call. */
  inner: typeof fetch | undefined,
  provider: string,
  maxBytes: number = MAX_RESPONSE_BYTES,
): typeof fetch {
  const tooLarge = () =>
    new ProviderFatalError(
      provider,
      `the response is larger than ${describeBytes(maxBytes)}, more than any model answer; check base_url points at the model API`,
    );
  return async (input, init) => {
    const response = await (inner ?? globalThis.fetch)(input, init);
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    if (!response.body) return response;
    const reader = response.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > maxBytes) {
          await reader.cancel().catch(() => {});
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(value);
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

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
