// A minimal POSIX tar (ustar, with pax headers for long names): the archive format every operating
// system opens, so a volunteer can look inside a backup with `tar -tzf` and no code of ours. Only
// regular files are written or accepted.

const blockSize = 512;
const endOfArchive = Buffer.alloc(blockSize * 2);

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TarFormatError";
  }
}

function writeString(block: Buffer, offset: number, length: number, value: string) {
  block.write(value, offset, Math.min(length, Buffer.byteLength(value)), "utf8");
}

function writeOctal(block: Buffer, offset: number, length: number, value: number) {
  block.write(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length, "ascii");
}

function headerBlock(name: string, size: number, mtime: Date, typeflag: "0" | "x"): Buffer {
  const block = Buffer.alloc(blockSize);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.fill(" ", 148, 156);
  block.write(typeflag, 156, 1, "ascii");
  block.write("ustar\0", 257, 6, "ascii");
  block.write("00", 263, 2, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  writeOctal(block, 148, 7, sum);
  block[155] = 0x20;
  return block;
}

function paxRecord(key: string, value: string): string {
  // Each record is "<length> <key>=<value>\n", where the length counts itself.
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body);
  while (Buffer.byteLength(body) + String(length).length !== length) {
    length = Buffer.byteLength(body) + String(length).length;
  }
  return `${length}${body}`;
}

/** The header blocks of one regular file: a pax header first when its name does not fit in ustar. */
export function tarFileHeader(name: string, size: number, mtime = new Date()): Buffer {
  if (!name || name.includes("\0")) throw new TarFormatError(`Not a valid entry name: ${name}`);
  if (Buffer.byteLength(name) <= 100 && /^[\x20-\x7e]+$/.test(name)) {
    return headerBlock(name, size, mtime, "0");
  }
  const pax = Buffer.from(paxRecord("path", name), "utf8");
  return Buffer.concat([
    headerBlock("PaxHeader", pax.length, mtime, "x"),
    pax,
    tarPadding(pax.length),
    headerBlock(name.slice(0, 99).replace(/[^\x20-\x7e]/g, "_"), size, mtime, "0"),
  ]);
}

/** The zeros after a file's bytes, up to the next 512-byte block. */
export function tarPadding(size: number): Buffer {
  const rest = size % blockSize;
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(blockSize - rest);
}

export function tarEnd(): Buffer {
  return endOfArchive;
}

/** Reads exactly the bytes asked for from a stream of chunks, or tells that the stream ended first. */
class ChunkReader {
  private buffered: Buffer[] = [];
  private bufferedLength = 0;
  private readonly iterator: AsyncIterator<Buffer>;
  private isDone = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(length: number): Promise<boolean> {
    while (this.bufferedLength < length && !this.isDone) {
      const next = await this.iterator.next();
      if (next.done) {
        this.isDone = true;
        break;
      }
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      this.buffered.push(chunk);
      this.bufferedLength += chunk.length;
    }
    return this.bufferedLength >= length;
  }

  /** Up to `max` bytes (at least one) or null at the end of the stream. */
  async readSome(max: number): Promise<Buffer | null> {
    if (!(await this.fill(1))) return null;
    const first = this.buffered[0] as Buffer;
    const taken = first.subarray(0, Math.min(max, first.length));
    if (taken.length === first.length) this.buffered.shift();
    else this.buffered[0] = first.subarray(taken.length);
    this.bufferedLength -= taken.length;
    return taken;
  }

  async readExactly(length: number): Promise<Buffer | null> {
    if (!(await this.fill(length))) return null;
    const all = Buffer.concat(this.buffered);
    const taken = all.subarray(0, length);
    const rest = all.subarray(length);
    this.buffered = rest.length ? [rest] : [];
    this.bufferedLength = rest.length;
    return taken;
  }
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = block
    .toString("ascii", offset, offset + length)
    .replace(/\0.*$/s, "")
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError("A header holds a number that is not octal");
  return text ? Number.parseInt(text, 8) : 0;
}

function verifyChecksum(block: Buffer) {
  const stored = readOctal(block, 148, 8);
  let sum = 0;
  for (let index = 0; index < blockSize; index++) {
    sum += index >= 148 && index < 156 ? 0x20 : (block[index] as number);
  }
  if (sum !== stored)
    throw new TarFormatError("A header's checksum is wrong: the archive is damaged");
}

export type TarEntry = {
  name: string;
  size: number;
  /** The entry's bytes, in chunks; must be read to the end (or not at all) before the next entry. */
  body: AsyncIterable<Buffer>;
};

/**
 * The regular files of a tar stream, in order. Anything else (links, devices, folders) is refused, as is
 * a stream that ends inside an entry or before the end-of-archive blocks: a truncated archive never
 * passes as a shorter one.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(source);
  let paxPath: string | undefined;
  for (;;) {
    const block = await reader.readExactly(blockSize);
    if (!block) throw new TarFormatError("The archive ends early: it is truncated");
    if (block.every((byte) => byte === 0)) {
      // Read on to the end, so that a compressed stream cut after the archive's end still fails its
      // own check (gzip's length and CRC come last).
      while (await reader.readSome(256 * 1024));
      return;
    }
    verifyChecksum(block);
    const size = readOctal(block, 124, 12);
    const typeflag = String.fromCharCode(block[156] ?? 0);
    const padding = tarPadding(size).length;
    if (typeflag === "x") {
      const pax = await reader.readExactly(size + padding);
      if (!pax) throw new TarFormatError("The archive ends early: it is truncated");
      const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(pax.subarray(0, size).toString("utf8"));
      paxPath = match?.[1];
      continue;
    }
    if (typeflag !== "0" && typeflag !== "\0") {
      throw new TarFormatError(`The archive holds something that is not a file (type ${typeflag})`);
    }
    const prefix = block.toString("utf8", 345, 500).replace(/\0.*$/s, "");
    const shortName = block.toString("utf8", 0, 100).replace(/\0.*$/s, "");
    const name = paxPath ?? (prefix ? `${prefix}/${shortName}` : shortName);
    paxPath = undefined;
    let remaining = size;
    const body: AsyncIterable<Buffer> = {
      [Symbol.asyncIterator]: async function* () {
        while (remaining > 0) {
          const chunk = await reader.readSome(Math.min(remaining, 256 * 1024));
          if (!chunk) throw new TarFormatError(`The archive ends inside ${name}: it is truncated`);
          remaining -= chunk.length;
          yield chunk;
        }
      },
    };
    yield { name, size, body };
    // What the consumer left unread is skipped.
    while (remaining > 0) {
      const chunk = await reader.readSome(Math.min(remaining, 256 * 1024));
      if (!chunk) throw new TarFormatError(`The archive ends inside ${name}: it is truncated`);
      remaining -= chunk.length;
    }
    if (padding && !(await reader.readExactly(padding))) {
      throw new TarFormatError("The archive ends early: it is truncated");
    }
  }
}
