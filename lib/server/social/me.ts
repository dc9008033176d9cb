// Every social action needs an identity (a guest is one: the page makes it on the first visit).
import { fail } from "../errors";
import type { Me } from "../../shared/identity";

export function requireMe(me: Me | null): Me {
  if (!me) fail("NOT_SIGNED_IN", "This needs an identity: open the site in a browser (it makes you a guest) and try again.");
  return me!;
}
