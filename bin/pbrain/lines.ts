// Splits a byte stream into lines ended by CR LF, LF or CR (all three, as the Gomocup protocol
// asks), including a CR LF pair split across two chunks.
export class LineSplitter {
  private buf = "";
  private afterCr = false;

  /** Feeds one chunk; returns the lines it completed (without their endings). */
  push(chunk: string): string[] {
    const out: string[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.afterCr) {
        this.afterCr = false;
        if (c === 10) {
          start = i + 1; // the LF of a CR LF whose CR ended the previous line
          continue;
        }
      }
      if (c === 10 || c === 13) {
        out.push(this.buf + chunk.slice(start, i));
        this.buf = "";
        start = i + 1;
        if (c === 13) this.afterCr = true;
      }
    }
    this.buf += chunk.slice(start);
    return out;
  }

  /** At end of input: the unterminated last line, if any. */
  end(): string[] {
    const rest = this.buf;
    this.buf = "";
    this.afterCr = false;
    return rest.length > 0 ? [rest] : [];
  }
}
