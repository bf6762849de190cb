import type express from "express";
import { boundedMemo } from "~/lib/bounded-memo";

/** TRUST_PROXY's setting for Express (its `trust proxy`), with the answers remembered. */
export function trustProxies(app: express.Express, setting: unknown): void {
  app.set("trust proxy", setting);
  app.set("trust proxy fn", rememberedTrust(app.get("trust proxy fn")));
}

/**
 * Express asks whether an address is a trusted proxy for `req.protocol`, `req.hostname` and `req.ip`,
 * several times a request, and each answer parses the address and every trusted range again (30 µs of
 * a signed-in page). The answer depends on the address and the hop alone, so it is kept; the addresses
 * are the peers and the proxies' reports, at most so many of them.
 */
function rememberedTrust(
  trust: (address: string, hop: number) => boolean,
): (address: string, hop: number) => boolean {
  const answers = boundedMemo(
    (key) => {
      const space = key.indexOf(" ");
      return trust(key.slice(space + 1), Number(key.slice(0, space)));
    },
    // The hop and an address: an IPv6 address with a zone fits easily. A proxy passes on whatever the
    // client wrote in X-Forwarded-For, so a longer "address" (never a trusted one) is asked, not kept.
    { limit: 10_000, maxKeyLength: 80 },
  );
  // A closed socket has no address: asked as it is, not kept.
  return (address, hop) =>
    typeof address === "string" ? answers(`${hop} ${address}`) : trust(address, hop);
}
