import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import "./globals.css";
import { Nav } from "@/app/_components/Nav";
import { ToastProvider } from "@/app/_components/Toast";
import { DeferredChallengeInbox as ChallengeInbox } from "@/app/_components/people/DeferredPeople";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    title: { default: t("brand"), template: `%s · ${t("brand")}` },
    description: t("metaDescription"),
  };
}

// Every page is rendered per request: its scripts carry the request's CSP nonce (proxy.ts), which
// a page prerendered at build time could not know.
export const dynamic = "force-dynamic";

export const viewport: Viewport = {
  themeColor: "#f3efe6",
  width: "device-width",
  initialScale: 1,
};

// The request's language and its catalogue (i18n/request.ts) reach every client component through
// NextIntlClientProvider.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen">
        <NextIntlClientProvider>
          <ToastProvider>
            <Nav />
            <ChallengeInbox />
            <main className="mx-auto max-w-6xl px-3 py-5 sm:px-4 sm:py-8">{children}</main>
          </ToastProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
