import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import { ImportForm } from "@/app/_components/replay/ImportForm";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.titles"))("import") };
}

export default function ImportPage() {
  const t = useTranslations("import");
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-5 md:grid-cols-[minmax(0,1fr)_16rem]">
      <section className="card p-5">
        <h1 className="mb-1 text-2xl font-bold">{t("title")}</h1>
        <p className="mb-4 text-sm text-muted">{t("intro")}</p>
        <ImportForm />
      </section>
      <aside className="space-y-3 text-sm text-muted">
        <div className="card p-4">
          <h2 className="mb-1 font-bold text-ink">{t("help.movesTitle")}</h2>
          <p>{t.rich("help.moves", { code: (c) => <code className="font-mono wrap-anywhere text-ink">{c}</code> })}</p>
        </div>
        <div className="card p-4">
          <h2 className="mb-1 font-bold text-ink">{t("help.psqTitle")}</h2>
          <p>{t.rich("help.psq", { code: (c) => <code className="font-mono wrap-anywhere text-ink">{c}</code> })}</p>
        </div>
        <div className="card p-4">
          <h2 className="mb-1 font-bold text-ink">{t("help.sgfTitle")}</h2>
          <p>{t.rich("help.sgf", { code: (c) => <code className="font-mono wrap-anywhere text-ink">{c}</code> })}</p>
        </div>
      </aside>
    </div>
  );
}
