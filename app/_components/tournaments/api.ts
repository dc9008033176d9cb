// The tournaments' HTTP API as the pages call it (lib/server/tournaments/http): JSON in, { ok, … } out.
import type { ApiAnswer } from "@/lib/shared/identity";

export async function tourApi<T>(path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const res = await fetch(`/api/tournaments${path}`, {
    cache: "no-store",
    ...(body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return (await res.json()) as ApiAnswer<T>;
}
