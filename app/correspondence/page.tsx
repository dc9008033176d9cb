import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CorrTurnsPage } from "@/app/_components/people/CorrTurnsPage";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people.corr");
  return { title: t("title") };
}

export default function Correspondence() {
  return <CorrTurnsPage />;
}
