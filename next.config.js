// Next.js configuration (ESM: package.json has "type": "module").
// The app is served by server.ts (Next's handler + socket.io on one port).
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Type errors fail the build, except when a developer explicitly skips the check (e.g. while
  // another part of the tree is mid-edit): NEXT_SKIP_TYPECHECK=1 next build.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
};

export default nextConfig;
