/*
 * Reading the first bytes of an upload: bounds-checked, so a short or hostile header can only
 * ever make a sniffer answer "not one of ours", never read past the end or throw.
 */

export const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** True when `bytes` hold `signature` (bytes, or ASCII text) at `offset`. */
export function hasBytesAt(bytes: Uint8Array, signature: readonly number[] | string, offset = 0) {
  const expected = typeof signature === "string" ? ascii(signature) : signature;
  return (
    offset >= 0 &&
    bytes.length >= offset + expected.length &&
    expected.every((byte, i) => bytes[offset + i] === byte)
  );
}

/** A big-endian unsigned 32-bit number at `offset`, or null past the end. */
export function uint32At(bytes: Uint8Array, offset: number): number | null {
  if (offset < 0 || offset + 4 > bytes.length) return null;
  return new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0);
}

/** Four ASCII characters at `offset` (a box type or brand), or null past the end. */
export function fourCCAt(bytes: Uint8Array, offset: number): string | null {
  if (offset < 0 || offset + 4 > bytes.length) return null;
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}
