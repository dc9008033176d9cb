import { UnknownGame } from "@/app/_components/UnknownGame";

export default UnknownGame;
