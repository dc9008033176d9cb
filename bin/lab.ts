// The university lab's game in a terminal: `npm run lab -- --help`.
import { think } from "../engine/index";
import { main } from "./lab/main";

void main(process.argv.slice(2), think).then((code) => {
  process.exitCode = code;
});
