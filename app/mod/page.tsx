import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ModPage } from "@/app/_components/mod/ModPage";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("mod"))("title"), robots: { index: false } };
}

// The operator's page: the data comes from /api/mod/* behind OPERATOR_TOKEN (lib/server/moderation/http).
export default async function Mod() {
  const t = await getTranslations("mod");
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-1 text-2xl font-bold">{t("title")}</h1>
      <p className="mb-4 text-muted">{t("intro")}</p>
      <ModPage />
    </div>
  );
}
