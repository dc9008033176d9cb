// Clients from other addresses without a proxy: every 127.x.y.z is this machine's loopback, so a
// socket or an HTTP request bound to 127.0.1.5 reaches the test server from 127.0.1.5 (another /24
// than 127.0.0.x). The server sees the real source address, whatever TRUST_PROXY says.
import http from "node:http";
import { connect, type Client, type ConnectOptions } from "./helpers";

/** A socket from `localAddress` (with `cookie`: as that session's identity). */
export function connectFrom(url: string, localAddress: string, cookie?: string): Promise<Client> {
  // engine.io hands this to the websocket (ws): the source address of the connection.
  return connect(url, cookie, { localAddress } as ConnectOptions);
}

/** The refusal of a socket from `localAddress` that the server would not take (null: it connected, and is closed again). */
export async function refusedFrom(url: string, localAddress: string): Promise<{ message: string; data?: { code: string; message: string } } | null> {
  try {
    const s = await connectFrom(url, localAddress);
    s.disconnect();
    return null;
  } catch (err) {
    return err as { message: string; data?: { code: string; message: string } };
  }
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request from `localAddress` (a fresh connection each time). */
export function httpFrom(
  url: string,
  localAddress: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(opts.path, url), { method: opts.method ?? "GET", headers: opts.headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}
