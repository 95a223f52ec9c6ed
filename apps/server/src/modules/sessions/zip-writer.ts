import { Readable, pipeline } from 'node:stream';
import { crc32, createDeflateRaw, type ZlibOptions } from 'node:zlib';
import type { TransformOptions } from 'node:stream';

/** A file of the archive: text or bytes, or a stream of them deflated as it is read. */
export type ZipEntry = {
  name: string;
  /** Iterated only when the entry's turn comes: a generator may produce what earlier entries left behind. */
  data: string | Buffer | Iterable<string | Buffer> | AsyncIterable<string | Buffer>;
  level?: number;
};

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const maxSize = 0xffff_ffff;
const bufferBytes = 4 << 20;
// zlib's streams take the stream options too (Node passes them to Transform), which its types do not say.
const deflateOptions = (level: number): ZlibOptions & TransformOptions => ({
  level,
  chunkSize: 64 * 1024,
  highWaterMark: bufferBytes,
});

/** MS-DOS time and date of the local clock, as ZIP keeps them. */
function dosDateTime(at: Date): [number, number] {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2);
  const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return [time, date];
}

/**
 * Writes a ZIP archive (APPNOTE 6.3) as its entries are read, each deflated with its size and CRC-32 in a data
 * descriptor after it, so nothing is held: memory stays flat however large a streamed entry grows. The CRC is
 * zlib's (native), the deflating runs on libuv's threads. No ZIP64: each entry must stay under 4 GiB. Entries are
 * taken one at a time, once the one before is written: a generator of entries may decide what comes next from it.
 * Ending early (the reader gave up) ends the entry's source too.
 */
export async function* zipStream(
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
  modified = new Date(),
): AsyncGenerator<Buffer> {
  const [time, date] = dosDateTime(modified);
  const central: Buffer[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. Method 8: deflate.
    const fixed = [u16(20), u16(0x0808), u16(8), u16(time), u16(date)];
    const local = Buffer.concat([
      u32(0x04034b50),
      ...fixed,
      u32(0),
      u32(0),
      u32(0),
      u16(name.length),
      u16(0),
      name,
    ]);
    yield local;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const source = entry.data;
    async function* counted() {
      const chunks = typeof source === 'string' || Buffer.isBuffer(source) ? [source] : source;
      for await (const chunk of chunks) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (size > maxSize) throw new RangeError(`${entry.name} is larger than 4 GiB`);
        yield bytes;
      }
    }
    // Room for a few batches on each side of the compressor: the entry's source keeps producing while zlib (on
    // another thread) compresses, instead of taking turns with it. Bounded, so memory stays flat.
    const deflate = pipeline(
      Readable.from(counted(), { objectMode: false, highWaterMark: bufferBytes }),
      createDeflateRaw(deflateOptions(entry.level ?? 6)),
      () => {},
    );
    for await (const out of deflate as AsyncIterable<Buffer>) {
      compressed += out.length;
      yield out;
    }
    const descriptor = Buffer.concat([u32(0x08074b50), u32(crc), u32(compressed), u32(size)]);
    yield descriptor;

    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        ...fixed,
        u32(crc),
        u32(compressed),
        u32(size),
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    offset += local.length + compressed + descriptor.length;
    if (offset > maxSize) throw new RangeError('the archive is larger than 4 GiB');
  }
  const directory = Buffer.concat(central);
  yield directory;
  yield Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(central.length),
    u16(central.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
}
