// The md5 hex of a text's UTF-8 bytes (RFC 1321), as BladeX clients send passwords. Written here rather than taken
// from a package: the hash is a few dozen lines, and a package's copy cost every screen three times the bytes.

/** Per-round left rotations, four for each of the four rounds. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** The sine-derived constants: floor(|sin(i + 1)| × 2³²). */
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

export function md5(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // The message, a 1 bit, zeros up to 56 bytes modulo 64, then its length in bits (64-bit little-endian).
  const length = (((bytes.length + 8) >> 6) + 1) * 64;
  const padded = new Uint8Array(length);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(length - 8, bytes.length * 8, true);
  view.setUint32(length - 4, Math.floor(bytes.length / 2 ** 29), true);

  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let block = 0; block < length; block += 64) {
    let [a, b, c, d] = state;
    for (let i = 0; i < 64; i += 1) {
      const round = i >> 4;
      const mixed =
        round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const word = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const sum = (a + mixed + SINES[i] + view.getUint32(block + word * 4, true)) | 0;
      const shift = SHIFTS[round * 4 + (i % 4)];
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    state[0] = (state[0] + a) | 0;
    state[1] = (state[1] + b) | 0;
    state[2] = (state[2] + c) | 0;
    state[3] = (state[3] + d) | 0;
  }
  // The words as little-endian bytes: the byte order of every machine a browser of the console runs on.
  const digest = new Uint8Array(new Uint32Array(state).buffer);
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
