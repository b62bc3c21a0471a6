// A zip file written as it goes, for the .xlsx an export streams: each entry deflated on its way to the file, its size
// and checksum written after it (a data descriptor), the directory at the end. Only what a spreadsheet needs: UTF-8
// names, deflate, no zip64, so one entry holds at most 4 GiB (a sheet of some four million rows).
import { once } from 'node:events';
import type fs from 'node:fs';
import zlib from 'node:zlib';

const LIMIT = 0xffffffff;
/** Version 2.0 (deflate); bit 3: sizes after the data; bit 11: names in UTF-8. */
const VERSION = 20;
const FLAGS = 0x0808;
const DEFLATE = 8;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The MS-DOS time and date zip keeps: two-second steps, years from 1980. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/** Checksum, deflated and plain size, from `at`: after the data (its descriptor) and in the directory alike. */
function writeSizes(bytes: Buffer, at: number, entry: Written): void {
  bytes.writeUInt32LE(entry.crc, at);
  bytes.writeUInt32LE(entry.compressed, at + 4);
  bytes.writeUInt32LE(entry.size, at + 8);
}

export interface ZipEntry {
  /** Adds text to the entry, waiting while the file is behind. */
  write: (text: string) => Promise<void>;
  end: () => Promise<void>;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly stamp = dosTime(new Date());

  constructor(private readonly out: fs.WriteStream) {}

  /** What the local header and the directory both say of an entry, from `at`: version needed, flags, method, time. */
  private writeKind(bytes: Buffer, at: number): void {
    bytes.writeUInt16LE(VERSION, at);
    bytes.writeUInt16LE(FLAGS, at + 2);
    bytes.writeUInt16LE(DEFLATE, at + 4);
    bytes.writeUInt16LE(this.stamp.time, at + 6);
    bytes.writeUInt16LE(this.stamp.date, at + 8);
  }

  private async put(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  /** Starts an entry: its text is deflated straight into the file as it is written. */
  async open(path: string): Promise<ZipEntry> {
    const name = Buffer.from(path);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    this.writeKind(header, 4);
    // Checksum and sizes (14–25) stay 0: they follow the data.
    header.writeUInt16LE(name.length, 26);
    const entry: Written = { name, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.put(Buffer.concat([header, name]));

    const deflate = zlib.createDeflateRaw();
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.offset += chunk.length;
    });
    deflate.pipe(this.out, { end: false });
    return {
      write: async (text) => {
        const bytes = Buffer.from(text);
        entry.crc = zlib.crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (entry.size > LIMIT) throw new Error('导出文件过大');
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      },
      end: async () => {
        const ended = once(deflate, 'end');
        deflate.end();
        await ended;
        deflate.unpipe(this.out);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        writeSizes(descriptor, 4, entry);
        await this.put(descriptor);
        this.entries.push(entry);
      },
    };
  }

  /** A whole entry at once. */
  async add(path: string, text: string): Promise<void> {
    const entry = await this.open(path);
    await entry.write(text);
    await entry.end();
  }

  /** Writes the directory and closes the file. */
  async close(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      // The version that made it, then the entry as its local header says it.
      record.writeUInt16LE(VERSION, 4);
      this.writeKind(record, 6);
      writeSizes(record, 16, entry);
      record.writeUInt16LE(entry.name.length, 28);
      // Extra field, comment, disk, attributes (30–41) stay 0.
      record.writeUInt32LE(entry.offset, 42);
      await this.put(Buffer.concat([record, entry.name]));
    }
    if (this.offset > LIMIT) throw new Error('导出文件过大');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.out.end(end);
    await once(this.out, 'finish');
  }
}
