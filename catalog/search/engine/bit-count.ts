/** How many bits of the 32 of `mask` are set: summed in pairs, fours and bytes, without a loop. */
export function bitCount(mask: number): number {
  const pairs = mask - ((mask >>> 1) & 0x55555555);
  const fours = (pairs & 0x33333333) + ((pairs >>> 2) & 0x33333333);
  return (Math.imul((fours + (fours >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
