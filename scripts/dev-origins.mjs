// The hosts Next's development mode serves its own resources (/_next/*: scripts, HMR) to. Next
// allows only localhost by default, so a page opened at 127.0.0.1, at a network address of
// this machine or at APP_URL's host would load without its JavaScript. Read by next.config.mjs.
import { hostname, networkInterfaces } from "node:os";

/** A host as Next compares it: the hostname of the page's Origin, so IPv6 in brackets. */
const asOriginHost = (/** @type {string} */ host) => (host.includes(":") ? `[${host}]` : host).toLowerCase();

/**
 * @param {{ appUrl?: string, interfaces?: Record<string, { address: string }[] | undefined>, machine?: string }} [from]
 *   defaults: APP_URL, this machine's network interfaces and host name
 * @returns {string[]} hostnames, without ports: APP_URL's, the loopback addresses, this
 *   machine's own addresses (the "Network" URL's among them) and its name
 */
export function devOrigins(from = {}) {
  const appUrl = from.appUrl ?? process.env.APP_URL;
  const interfaces = from.interfaces ?? networkInterfaces();
  const machine = from.machine ?? hostname();
  const hosts = new Set(["localhost", "127.0.0.1", "[::1]"]);
  if (appUrl) {
    try {
      hosts.add(new URL(appUrl).hostname.toLowerCase());
    } catch {
      // An APP_URL that is not a URL is refused by the app's own settings check.
    }
  }
  for (const list of Object.values(interfaces)) {
    for (const { address } of list ?? []) hosts.add(asOriginHost(address));
  }
  if (machine) hosts.add(machine.toLowerCase());
  return [...hosts];
}
