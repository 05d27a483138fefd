/** Tool-name patterns of `allow_tools` and `high_risk_tools`: `*` matches any run of characters (including none); everything else matches itself. */
export function matchesToolPattern(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(name);
}
