/**
 * The platform's allow-lists of what a tenant's definitions may reach (DATA_SOURCE_HOSTS for data
 * sources, DATA_INTERFACE_HOSTS for HTTP data interfaces, IDENTITY_PROVIDER_HOSTS for single sign-on): `host:port` entries compared as text. No
 * name is resolved to find it allowed, so neither `localhost` for `127.0.0.1` nor a name that points
 * inside the network gets through unless it is listed as written.
 */

/** The host as the allow-list writes it: lower case, an IPv6 address without brackets. */
const hostKey = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');

/** Whether `host:port` is an entry of `list` (an empty or missing list allows nothing). */
export function hostAllowed(list: readonly string[] | undefined, host: string, port: number): boolean {
  return (list ?? []).some((entry) => {
    const at = entry.lastIndexOf(':');
    return at > 0 && hostKey(entry.slice(0, at)) === hostKey(host) && entry.slice(at + 1) === String(port);
  });
}
