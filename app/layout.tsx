import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";
import { Nav } from "@/app/_components/Nav";
import { ToastProvider } from "@/app/_components/Toast";

export const metadata: Metadata = {
  title: { default: "Gomoku Arena", template: "%s · Gomoku Arena" },
  description: "Play gomoku online against a strong AI or a friend, and watch live games.",
};

// Every page is rendered per request: its scripts carry the request's CSP nonce (proxy.ts), which
// a page prerendered at build time could not know.
export const dynamic = "force-dynamic";

export const viewport: Viewport = {
  themeColor: "#f3efe6",
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <ToastProvider>
          <Nav />
          <main className="mx-auto max-w-6xl px-3 py-5 sm:px-4 sm:py-8">{children}</main>
        </ToastProvider>
      </body>
    </html>
  );
}
