// The one reader of request bodies: JSON only (a cross-site form cannot send it without a
// preflight), bounded in bytes before and while it is read, parsed once and checked by a zod schema.
// Every refusal a code and a sentence (HttpRefusal): 400 for what is not JSON, 413 for too large.
import type { IncomingMessage } from "node:http";
import type { z } from "zod";
import { HttpRefusal } from "./answers";

export interface BodyLimit {
  /** The most bytes read; a larger declared Content-Length is refused before reading. */
  maxBytes: number;
  /** The sentence for a body over the limit (default: "The request is larger than N bytes."). */
  tooLarge?: string;
  /** Schema problems name the field ("text: …"); else the schema's own sentence alone. */
  fieldInMessage?: boolean;
}

async function readJson(req: IncomingMessage, limit: BodyLimit): Promise<unknown> {
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? ""))
    throw new HttpRefusal(400, { code: "BAD_PAYLOAD", message: "Send JSON (Content-Type: application/json)." });
  const tooLarge = () => new HttpRefusal(413, { code: "BAD_PAYLOAD", message: limit.tooLarge ?? `The request is larger than ${limit.maxBytes} bytes.` });
  if (Number(req.headers["content-length"] ?? "0") > limit.maxBytes) throw tooLarge();
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit.maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpRefusal(400, { code: "BAD_PAYLOAD", message: "The request is not valid JSON." });
  }
}

/** The request's JSON body within `limit`, checked by `schema`. */
export async function readBody<S extends z.ZodType>(req: IncomingMessage, limit: BodyLimit, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readJson(req, limit));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = limit.fieldInMessage ? `${issue?.path.join(".") || "request"}: ${issue?.message ?? "invalid"}` : (issue?.message ?? "Invalid request.");
  throw new HttpRefusal(400, { code: "BAD_PAYLOAD", message });
}
