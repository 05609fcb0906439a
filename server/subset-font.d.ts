/** subset-font ships JavaScript only; the part of its API the policy PDF uses. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'; preserveNameIds?: number[]; noLayoutClosure?: boolean; noHinting?: boolean; dropTables?: string[] },
  ): Promise<Buffer>;
}
