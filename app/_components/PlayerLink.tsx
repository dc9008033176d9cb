// A player's name, linking to their page (/@/<name>: next.config.js rewrites it to app/player/[name]).
import Link from "next/link";
import { playerHref } from "@/lib/shared/labels";

export function PlayerLink({ name, className = "", testId }: { name: string; className?: string; testId?: string }) {
  return (
    <Link href={playerHref(name)} className={`hover:underline ${className}`} data-testid={testId} onClick={(e) => e.stopPropagation()}>
      {name}
    </Link>
  );
}

/** "1512", "1500?" (provisional), as lichess writes them. */
export const ratingText = (rating: number, provisional?: boolean) => `${Math.round(rating)}${provisional ? "?" : ""}`;

/** "+12", "−9", "±0". */
export const diffText = (diff: number) => (diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : "±0");
