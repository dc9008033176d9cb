import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TournamentPage } from "@/app/_components/tournaments/TournamentPage";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("tournaments"))("title") };
}

export default async function TournamentRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The shape of an event's id (lib/server/tokens): anything else is no event.
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) notFound();
  return <TournamentPage id={id} />;
}
