/**
 * The policy with these origins added to its `frame-src` (space-separated in `extra`). Only bare https
 * origins are taken, so a route can widen what its page frames but never write another directive; a
 * policy without `frame-src` is returned unchanged.
 */
export function withFrameOrigins(policy: string, extra: string): string {
  const origins = extra
    .split(/\s+/)
    .filter((origin) => /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin));
  if (!origins.length) return policy;
  return policy
    .split(";")
    .map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() !== "frame-src") return directive;
      return [name, ...new Set([...values, ...origins])].join(" ");
    })
    .join(";");
}
