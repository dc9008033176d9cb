// Requests whose path is not valid percent-encoding (`/game/%ff`): Next's router throws on them
// (decodeURIComponent on a dynamic segment) and answers 500. The custom server answers 400 first.

/** True when the request target's path cannot be decoded. The query is Next's to parse (it copes). */
export function isMalformedPath(url: string | undefined): boolean {
  if (!url) return false;
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

export const MALFORMED_PATH_BODY = "Bad request: the URL's path is not valid percent-encoding.\n";
