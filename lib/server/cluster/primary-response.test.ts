import { describe, expect, it } from "vitest";
import { RESPONSE } from "./primary";

describe("the primary's own answers", () => {
  it("carry the same security headers as every other response (X-Frame-Options, nosniff, the CSP)", () => {
    const text = RESPONSE("503 Service Unavailable", "No worker is up; try again in a moment.");
    const [head, body] = text.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 503 Service Unavailable");
    expect(head).toMatch(/\r\nx-frame-options: DENY\r\n/);
    expect(head).toMatch(/\r\nx-content-type-options: nosniff\r\n/);
    expect(head).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/);
    expect(head).toMatch(new RegExp(`content-length: ${Buffer.byteLength(body)}\\r\\n`));
  });
});
