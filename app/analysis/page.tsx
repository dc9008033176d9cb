import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AnalysisBoard } from "@/app/_components/analysis/AnalysisBoard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.titles"))("analysis") };
}

export default async function AnalysisPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) if (typeof v === "string") q.set(k, v);
  return <AnalysisBoard query={q.toString()} />;
}
