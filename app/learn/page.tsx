import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import { Explainer } from "@/app/_components/learn/Explainer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.titles");
  return { title: t("learn"), description: t("learnDescription") };
}

export default function Learn() {
  const t = useTranslations("learn.rules");
  return (
    <div className="space-y-6">
      <Explainer />
      <section className="card space-y-2 p-5 text-sm leading-relaxed" aria-labelledby="rules">
        <h2 id="rules" className="text-lg font-bold">
          {t("title")}
        </h2>
        <p>{t.rich("body", { strong: (c) => <strong>{c}</strong>, em: (c) => <em>{c}</em> })}</p>
        <p>{t.rich("renju", { strong: (c) => <strong>{c}</strong>, em: (c) => <em>{c}</em> })}</p>
        <p className="text-muted">{t("engine")}</p>
      </section>
    </div>
  );
}
