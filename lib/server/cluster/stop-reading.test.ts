// stopReading must leave the socket unread by this process, whatever the stream schedules after
// it: every byte the client sends later is still in the kernel for the process the socket goes to.
import net from "node:net";
import { afterEach, expect, test } from "vitest";
import { stopReading } from "./stop-reading";

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((c) => c()));

test("after the first chunk, nothing more is read here: later bytes stay for the next owner", async () => {
  const clients: net.Socket[] = [];
  const stopped = new Promise<net.Socket>((resolve) => {
    const server = net.createServer((conn) => {
      conn.once("data", () => {
        stopReading(conn);
        resolve(conn);
      });
    });
    server.listen(0, "127.0.0.1");
    closers.push(() => server.close());
    server.once("listening", () => {
      const client = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1", () => client.write("GET / HTTP/1.1\r\n\r\n"));
      closers.push(() => client.destroy());
      clients.push(client);
    });
  });
  const conn = await stopped;
  closers.push(() => conn.destroy());
  const firstBytes = conn.bytesRead;
  // The stream's read-ahead runs on the next tick; let it, then send more.
  await new Promise((r) => setImmediate(r));
  clients[0].write('42["game:join"]');
  await new Promise((r) => setTimeout(r, 200));
  expect((conn as unknown as { _handle: { reading: boolean } })._handle.reading).toBe(false);
  expect(conn.bytesRead).toBe(firstBytes);
});
