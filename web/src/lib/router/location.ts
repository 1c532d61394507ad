/**
 * Hash locations of the form `#/path?query#anchor` (the specification's hash routing with anchors).
 * The query lives inside the hash, so it survives reloads and never reaches the server.
 */
export interface HashLocation {
  path: string;
  query: URLSearchParams;
  anchor: string | null;
}

export function parseHash(hash: string): HashLocation {
  let rest = hash.replace(/^#/, '');
  let anchor: string | null = null;
  const anchorAt = rest.indexOf('#');
  if (anchorAt >= 0) {
    anchor = decodeURIComponent(rest.slice(anchorAt + 1)) || null;
    rest = rest.slice(0, anchorAt);
  }
  const queryAt = rest.indexOf('?');
  const rawPath = queryAt >= 0 ? rest.slice(0, queryAt) : rest;
  const query = new URLSearchParams(queryAt >= 0 ? rest.slice(queryAt + 1) : '');
  const path = '/' + rawPath.replace(/^\/+/, '').replace(/\/+$/, '');
  return { path, query, anchor };
}

/** Builds `#/path?query` from a path and optional query values (undefined and null are left out). */
export function buildHref(
  path: string,
  query?: Record<string, string | number | null | undefined> | URLSearchParams,
): string {
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query ?? {}).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])),
        );
  const search = params.toString();
  return `#${path}${search ? `?${search}` : ''}`;
}

export function currentLocation(): HashLocation {
  return parseHash(window.location.hash);
}
