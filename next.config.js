// Next.js configuration (ESM: package.json has "type": "module").
// The app is served by server.ts (Next's handler + socket.io on one port).
// next-intl: the per-request locale and messages come from i18n/request.ts (no locale in the URL).
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Type errors fail the build, except when a developer explicitly skips the check (e.g. while
  // another part of the tree is mid-edit): NEXT_SKIP_TYPECHECK=1 next build.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // Player pages live at /@/<name>, as on lichess ("@" cannot start a folder name in app/: that is a parallel-route slot).
  async rewrites() {
    return [{ source: "/@/:name", destination: "/player/:name" }];
  },
};

export default withNextIntl(nextConfig);
