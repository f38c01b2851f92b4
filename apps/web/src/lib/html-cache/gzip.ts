import { constants, crc32, deflateRawSync } from 'node:zlib';
import { acceptsCoding } from '../accept-encoding.mjs';

/**
 * A stored page's gzip, built once; each response's gzip is then a copy with the nonce in place,
 * instead of compressing 229 KB again per response (3.1 ms of CPU at zlib's default level, the
 * served page's largest cost once a browser asks for gzip; docs/perf/issue-11.md, 2026-11-29).
 *
 * A page is stored cut at the placeholder nonce (page-store.ts). Each part is deflated once, in raw
 * deflate blocks that end on a byte boundary (a sync flush, never a final block), so that the parts
 * can follow one another in one stream; a response puts the nonce between them as a stored
 * (uncompressed) block, and adds gzip's header, a final empty block and the trailer (CRC-32 and
 * length of this response's bytes).
 *
 * Compressing each part alone would lose what the page repeats across the cuts (~10 % larger). So
 * each part is compressed with a preset dictionary: the 32 KB of the page before it, as the browser
 * will hold them when it inflates, except that every place where a nonce will be is zeros. A
 * reference can then only point at bytes the browser holds as they were compressed: a match is made
 * of equal bytes, and zeros are in no part (a page with a NUL byte is compressed without
 * dictionaries, which is always correct).
 */

/** Deflate's window: how far back a reference may point, and so the useful dictionary. */
const WINDOW = 32 * 1024;

/** gzip's header: magic, deflate, no flags, no modification time, no extra flags, unknown OS. */
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
/** A final, empty stored block: BFINAL 1, BTYPE 00, LEN 0, NLEN 0xFFFF. */
const FINAL_BLOCK = Uint8Array.of(1, 0, 0, 0xff, 0xff);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

/**
 * Each part of a page deflated for `gzipWithNonce`: `gap` is the length of what goes between two
 * parts (the nonce's length).
 */
export function deflateParts(parts: readonly Uint8Array[], gap: number): Uint8Array[] {
  const withDictionary = parts.every((part) => !part.includes(0));
  const zeros = new Uint8Array(gap);
  const deflated: Uint8Array[] = [];
  // The page as the browser will have it before the part being compressed, nonces as zeros.
  let before: Uint8Array[] = [];
  let beforeLength = 0;
  parts.forEach((part, i) => {
    const options: { level: number; finishFlush: number; dictionary?: Buffer } = {
      level: 9,
      finishFlush: constants.Z_SYNC_FLUSH,
    };
    if (withDictionary && beforeLength > 0) {
      const all = Buffer.concat(before, beforeLength);
      options.dictionary = all.subarray(Math.max(0, all.length - WINDOW));
      before = [options.dictionary];
      beforeLength = options.dictionary.length;
    }
    deflated.push(deflateRawSync(part, options));
    before.push(part);
    beforeLength += part.length;
    if (i < parts.length - 1) {
      before.push(zeros);
      beforeLength += gap;
    }
  });
  return deflated;
}

/**
 * A response's body, gzip-encoded: the page's `parts` (as `deflateParts` deflated them into
 * `deflated`) with `between` (the nonce's bytes) between each two.
 */
export function gzipWithNonce(
  parts: readonly Uint8Array[],
  deflated: readonly Uint8Array[],
  between: Uint8Array,
): Uint8Array<ArrayBuffer> {
  if (deflated.length !== parts.length) throw new Error('deflated parts do not match the page');
  if (between.length > STORED_MAX) throw new Error('too long for a stored block');
  const stored = new Uint8Array(5 + between.length);
  stored[0] = 0; // BFINAL 0, BTYPE 00 (stored); the rest of the byte pads to its end.
  stored[1] = between.length & 0xff;
  stored[2] = between.length >> 8;
  stored[3] = ~between.length & 0xff;
  stored[4] = (~between.length >> 8) & 0xff;
  stored.set(between, 5);

  const pieces: Uint8Array[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  // Node 20's zlib.crc32 can answer 0 for empty data instead of the running value it was given (seen
  // with an empty part after the nonce): an empty piece adds nothing to the checksum, so it is skipped.
  const add = (piece: Uint8Array) => {
    if (piece.length > 0) crc = crc32(piece, crc);
    size += piece.length;
  };
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(stored);
      add(between);
    }
    pieces.push(deflated[i] as Uint8Array);
    add(part);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** Whether an `Accept-Encoding` header accepts gzip (or its alias `x-gzip`; `acceptsCoding`). */
export function acceptsGzip(header: string | null | undefined): boolean {
  return acceptsCoding(header, ['gzip', 'x-gzip']);
}
