// Names: the key that makes them unique whatever their case, and a generated name for a guest.
import { randomInt } from "node:crypto";

export const nameKey = (name: string): string => name.trim().toLowerCase();

const ADJECTIVES = [
  "Swift",
  "Quiet",
  "Bold",
  "Clever",
  "Calm",
  "Bright",
  "Keen",
  "Brave",
  "Lucky",
  "Sly",
  "Wise",
  "Merry",
  "Noble",
  "Steady",
  "Sharp",
  "Gentle",
];
const ANIMALS = ["Heron", "Tiger", "Otter", "Crane", "Fox", "Panda", "Falcon", "Badger", "Lynx", "Koi", "Owl", "Marten", "Ibis", "Yak", "Wren", "Seal"];

/** "SwiftHeron4821": readable, and with 4 digits rarely taken (the caller retries on a clash). */
export function guestName(): string {
  return `${ADJECTIVES[randomInt(ADJECTIVES.length)]}${ANIMALS[randomInt(ANIMALS.length)]}${randomInt(1000, 10000)}`;
}
