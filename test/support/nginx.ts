// A real nginx (Debian's package) in front of a test server, configured with the block that
// docs/OPERATIONS.md shows operators ("A reverse proxy"), so the tests prove the documented setup:
//
//   const proxy = await startNginx(srv.port);   // null when nginx is not installed
//   fetch(`${proxy.url}/api/me`) …
//   await proxy.close();
//
// nginx runs as a child process (daemon off) with its config, pid, logs and temp files in a temp
// folder, on a free port of 127.0.0.1.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const OPERATIONS = path.join(import.meta.dirname, "..", "..", "docs", "OPERATIONS.md");

/** nginx's path, or null when it is not installed (`apt-get install -y nginx`; CI installs it: .ci/run). */
export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** The nginx block of docs/OPERATIONS.md's "A reverse proxy", pointed at `upstreamPort` and listening on `listenPort`. */
export function documentedConfig(upstreamPort: number, listenPort: number): string {
  const doc = fs.readFileSync(OPERATIONS, "utf8");
  const section = doc.slice(doc.indexOf("### A reverse proxy"));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/OPERATIONS.md has no nginx block under "A reverse proxy"');
  // The upstream's example nodes become the one test server; the listening port a free one.
  const upstream = /^\s*server [\d.]+:\d+;/;
  const lines = block.split("\n");
  const first = lines.findIndex((l) => upstream.test(l));
  if (first < 0) throw new Error("the documented nginx block names no upstream servers");
  if (!lines.some((l) => l.trim() === "listen 80;")) throw new Error("the documented nginx block does not listen on 80");
  return lines
    .filter((l, i) => i === first || !upstream.test(l))
    .map((l, i) => (i === first ? `    server 127.0.0.1:${upstreamPort};` : l.trim() === "listen 80;" ? `    listen 127.0.0.1:${listenPort};` : l))
    .join("\n");
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export interface Nginx {
  url: string;
  close(): Promise<void>;
}

export async function startNginx(upstreamPort: number): Promise<Nginx | null> {
  const bin = nginxBinary();
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-nginx-"));
  fs.chmodSync(dir, 0o777); // workers run as nobody when the master is root: they write the temp files
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "worker_processes 1;",
      "events { worker_connections 256; }",
      "http {",
      `  access_log ${dir}/access.log;`,
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      documentedConfig(upstreamPort, port),
      "}",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(bin, ["-p", dir, "-c", conf, "-e", `${dir}/error.log`, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Ready when it answers on its port (it proxies /healthz to the server).
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error(`nginx did not answer on ${url}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    async close() {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
