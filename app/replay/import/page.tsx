import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ImportReplay } from "@/app/_components/replay/ImportReplay";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.titles"))("importedReplay") };
}

export default async function ImportedReplayPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) if (typeof v === "string" && k !== "ply") q.set(k, v);
  const ply = typeof sp.ply === "string" && /^\d+$/.test(sp.ply) ? Number(sp.ply) : null;
  return <ImportReplay query={q.toString()} initialPly={ply} />;
}
