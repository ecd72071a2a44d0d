import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';

/** Uploads made as they are read (upload-streaming.test.ts, file-s3.test.ts). */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

export const MB = 1024 * 1024;
export const STREAM_BOUNDARY = '----srmstreamtest';

/** The start and end of a PDF around `size` bytes of filler: what the routes take as a PDF. */
export const PDF_HEAD = Buffer.from('%PDF-1.4\n');
export const PDF_TAIL = Buffer.from('\ntrailer <<>>\n%%EOF\n');

export interface Sent {
  /** Bytes the server pulled from the body so far. */
  pulled: number;
  /** Highest heap + array-buffer use above the start, sampled after a full collection every 2 MB. */
  peakGrowth: number;
}

/**
 * A multipart body of one file of `size` bytes (`head` first, `tail` last, spaces between), made
 * as it is read, each chunk a new buffer (a server that kept them would grow), counting what is read.
 */
export function streamedFile(
  size: number,
  head: Buffer,
  tail: Buffer,
  measure = false,
): { body: Readable; sent: Sent } {
  const sent: Sent = { pulled: 0, peakGrowth: 0 };
  const open = Buffer.from(
    `--${STREAM_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const close = Buffer.from(`\r\n--${STREAM_BOUNDARY}--\r\n`);
  const total = open.length + size + close.length;
  const memory = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = measure ? memory() : 0;
  let nextSample = 2 * MB;
  const body = new Readable({
    read() {
      if (sent.pulled >= total) {
        this.push(null);
        return;
      }
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - sent.pulled), 0x20);
      // Lay the framing and the file's own head and tail over the filler where they fall.
      const put = (part: Buffer, at: number) => {
        const from = Math.max(at, sent.pulled);
        const to = Math.min(at + part.length, sent.pulled + chunk.length);
        if (from < to) part.copy(chunk, from - sent.pulled, from - at, to - at);
      };
      put(open, 0);
      put(head, open.length);
      put(tail, open.length + size - tail.length);
      put(close, open.length + size);
      sent.pulled += chunk.length;
      if (measure && sent.pulled >= nextSample) {
        nextSample += 2 * MB;
        sent.peakGrowth = Math.max(sent.peakGrowth, memory() - base);
      }
      this.push(chunk);
    },
  });
  return { body, sent };
}
