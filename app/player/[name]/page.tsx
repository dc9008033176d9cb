import type { Metadata } from "next";
import { PlayerPage } from "@/app/_components/players/PlayerPage";

// Reached as /@/<name> (next.config.js rewrites it here); an unknown name never gets here: the
// server hands Next a path with no page (lib/server/ratings/http), so it answers 404.
export async function generateMetadata({ params }: { params: Promise<{ name: string }> }): Promise<Metadata> {
  const { name } = await params;
  return { title: decodeURIComponent(name) };
}

export default async function Player({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const decoded = decodeURIComponent(name);
  return <PlayerPage key={decoded} name={decoded} />;
}
