/**
 * Which proxy a GitHub request goes through, read from the variables self-hosted runners set, with
 * the rules `@actions/http-client` applies (so Truss behaves like the rest of a workflow's steps):
 * `https_proxy`/`HTTPS_PROXY` for https URLs, `http_proxy`/`HTTP_PROXY` for http ones; no proxy for
 * a loopback host or a host `no_proxy`/`NO_PROXY` names (`*`, a host, a domain suffix, `host:port`).
 */
export function proxyFor(url: URL, env: Record<string, string | undefined>): URL | undefined {
  if (bypassed(url, env)) return undefined;
  const setting =
    url.protocol === 'https:' ? (env.https_proxy ?? env.HTTPS_PROXY) : (env.http_proxy ?? env.HTTP_PROXY);
  if (!setting) return undefined;
  // `proxy:3128` names a host, not a URL scheme.
  return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(setting) ? setting : `http://${setting}`);
}

function bypassed(url: URL, env: Record<string, string | undefined>): boolean {
  const host = url.hostname.toUpperCase();
  if (host === 'LOCALHOST' || host.startsWith('127.') || host === '[::1]' || host === '[0:0:0:0:0:0:0:1]')
    return true;
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const hosts = [host, `${host}:${port}`];
  return noProxy
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean)
    .some(
      (item) =>
        item === '*' ||
        hosts.some((h) => h === item || h.endsWith(`.${item}`) || (item.startsWith('.') && h.endsWith(item))),
    );
}
