import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountPanel } from "@/app/_components/identity/AccountPanel";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.titles"))("account") };
}

export default function AccountPage() {
  return <AccountPanel />;
}
