import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PeoplePage } from "@/app/_components/people/PeoplePage";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people");
  return { title: t("title") };
}

export default function Players() {
  return <PeoplePage />;
}
