// Bytes of export lines, written one by one into a buffer that grows: for a million rows, building each line as a
// string (pieces, a join, then UTF-8 encoding of the joined text) cost the export's main thread more than anything
// else; digits and fixed XML copied byte by byte cost a fraction of it (bench/sessions).

/** A UTF-8 copy of a text, to be written with `put`. */
export const utf8Bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

/** Bytes up to which a copy loops in JavaScript. */
const copyLoopBytes = 12;

export class ByteLines {
  #buffer: Buffer;
  #at = 0;

  constructor(capacity: number) {
    this.#buffer = Buffer.allocUnsafe(Math.max(capacity, 256));
  }

  /** Room for `bytes` more: the caller asks before a line, for the most the line can take. */
  room(bytes: number): void {
    if (this.#at + bytes <= this.#buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.#buffer.length * 2, this.#at + bytes));
    this.#buffer.copy(bigger, 0, 0, this.#at);
    this.#buffer = bigger;
  }

  /** The bytes written (a view of the buffer, which this writer no longer touches). */
  take(): Buffer {
    const written = this.#buffer.subarray(0, this.#at);
    this.#buffer = Buffer.allocUnsafe(0);
    this.#at = 0;
    return written;
  }

  get length(): number {
    return this.#at;
  }

  byte(b: number): void {
    this.#buffer[this.#at++] = b;
  }

  /** Bytes made once (`utf8Bytes`): fixed XML, labels, cells of shared strings. */
  put(bytes: Uint8Array): void {
    const n = bytes.length;
    // A loop for a few bytes; past that, a native copy is cheaper than its call costs (bench/sessions).
    if (n > copyLoopBytes) this.#buffer.set(bytes, this.#at);
    else {
      const buffer = this.#buffer;
      const at = this.#at;
      for (let i = 0; i < n; i++) buffer[at + i] = bytes[i]!;
    }
    this.#at += n;
  }

  /** Characters `from` to `to` of a text known to be ASCII (digits, our own words). */
  ascii(text: string, from = 0, to = text.length): void {
    const buffer = this.#buffer;
    let at = this.#at;
    for (let i = from; i < to; i++) buffer[at++] = text.charCodeAt(i);
    this.#at = at;
  }

  /** Any text as UTF-8 (room: 3 bytes a character): ASCII byte by byte, from the first other character on by Buffer. */
  text(text: string): void {
    const buffer = this.#buffer;
    let at = this.#at;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        this.#at = at + buffer.write(text.slice(i), at, 'utf8');
        return;
      }
      buffer[at++] = c;
    }
    this.#at = at;
  }

  /**
   * A fraction written as the decimal places after an integer: `places` digits of `n` (below 10^places), leading
   * zeros kept and trailing ones dropped, after a point; nothing for 0. (1250, 5) writes '.0125'.
   */
  fraction(n: number, places: number): void {
    if (n === 0) return;
    // In two halves that each fit a small integer: a double's remainder costs many times an integer's.
    const lowPlaces = places >> 1;
    const scale = 10 ** lowPlaces;
    let high = Math.floor(n / scale);
    let low = n - high * scale;
    const buffer = this.#buffer;
    const point = this.#at;
    buffer[point] = 0x2e;
    let end = point + 1 + places;
    for (let at = end - 1; at > end - 1 - lowPlaces; at--) {
      buffer[at] = 0x30 + (low % 10);
      low = (low / 10) | 0;
    }
    for (let at = end - 1 - lowPlaces; at > point; at--) {
      buffer[at] = 0x30 + (high % 10);
      high = (high / 10) | 0;
    }
    // Not 0: a digit other than 0 stops this before the point.
    while (buffer[end - 1] === 0x30) end--;
    this.#at = end;
  }

  /**
   * An integer's digits (characters `from` to `to` of `text`, as the database writes it: an optional minus, no
   * leading zeros) as a decimal with `scale` places, trailing zeros and point dropped: ('123450', 3) writes
   * '123.45', ('5', 3) '0.005', ('7', 0) '7'. The same text as `String(n / 10 ** scale)` for any safe integer.
   */
  decimal(text: string, from: number, to: number, scale: number): void {
    const buffer = this.#buffer;
    let at = this.#at;
    let start = from;
    const negative = text.charCodeAt(start) === 0x2d;
    if (negative) start++;
    const point = to - scale;
    let end = to;
    while (end > point && end > start && text.charCodeAt(end - 1) === 0x30) end--;
    if (point > start) {
      if (negative) buffer[at++] = 0x2d;
      for (let i = start; i < point; i++) buffer[at++] = text.charCodeAt(i);
      if (end > point) {
        buffer[at++] = 0x2e;
        for (let i = point; i < end; i++) buffer[at++] = text.charCodeAt(i);
      }
    } else if (end > start) {
      if (negative) buffer[at++] = 0x2d;
      buffer[at++] = 0x30;
      buffer[at++] = 0x2e;
      for (let i = point; i < start; i++) buffer[at++] = 0x30;
      for (let i = start; i < end; i++) buffer[at++] = text.charCodeAt(i);
    } else {
      buffer[at++] = 0x30;
    }
    this.#at = at;
  }
}
