/**
 * The header in which our HTTP server (server/app-server.ts) passes on the client address it trusts: the
 * connection's peer, or the proxy-reported address when TRUST_PROXY says which proxies to believe.
 * The server overwrites whatever a client sent under this name.
 */
export const clientAddressHeader = "x-client-ip";

export function getClientAddress(request: Request): string | undefined {
  return request.headers.get(clientAddressHeader) ?? undefined;
}
