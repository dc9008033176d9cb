// Proxy headers (X-Forwarded-For, -Host, -Proto) list one value per hop, the client's first.

/** The first value of header `name` ("x-forwarded-for": the client), trimmed; undefined when absent, empty or not text. */
export function firstForwarded(headers: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const v = headers[name];
  const text = Array.isArray(v) ? v[0] : v;
  return typeof text === "string" ? text.split(",")[0].trim() || undefined : undefined;
}
