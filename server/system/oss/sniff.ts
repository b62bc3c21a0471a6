// What a file really is, from its first bytes: the extension alone is a claim, the content is the proof.
export interface FileKind {
  /** Extensions that may carry this content. */
  extensions: string[];
  contentType: string;
}

const startsWith = (data: Buffer, bytes: number[], at = 0): boolean =>
  data.length >= at + bytes.length && bytes.every((byte, i) => data[at + i] === byte);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const KINDS: Array<FileKind & { test: (data: Buffer) => boolean }> = [
  { extensions: ['jpg', 'jpeg'], contentType: 'image/jpeg', test: (d) => startsWith(d, [0xff, 0xd8, 0xff]) },
  {
    extensions: ['png'],
    contentType: 'image/png',
    test: (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    extensions: ['gif'],
    contentType: 'image/gif',
    test: (d) => startsWith(d, ascii('GIF87a')) || startsWith(d, ascii('GIF89a')),
  },
  {
    extensions: ['webp'],
    contentType: 'image/webp',
    test: (d) => startsWith(d, ascii('RIFF')) && startsWith(d, ascii('WEBP'), 8),
  },
  { extensions: ['bmp'], contentType: 'image/bmp', test: (d) => startsWith(d, ascii('BM')) && d.length > 26 },
  { extensions: ['pdf'], contentType: 'application/pdf', test: (d) => startsWith(d, ascii('%PDF-')) },
  {
    // Office documents are zip archives; the extension picks which one.
    extensions: ['xlsx', 'docx', 'pptx', 'zip'],
    contentType: 'application/zip',
    test: (d) => startsWith(d, [0x50, 0x4b, 0x03, 0x04]),
  },
];

const OFFICE_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export const ALLOWED_EXTENSIONS = KINDS.flatMap((kind) => kind.extensions);

/** The content type when the bytes are of a kind the extension may carry, else null. */
export function sniffContentType(data: Buffer, extension: string): string | null {
  const kind = KINDS.find((k) => k.test(data));
  if (!kind?.extensions.includes(extension)) return null;
  return OFFICE_TYPES[extension] ?? kind.contentType;
}

/** The content type to serve a stored file with, from its (already checked) extension. */
export function contentTypeOf(extension: string): string {
  if (OFFICE_TYPES[extension]) return OFFICE_TYPES[extension];
  const kind = KINDS.find((k) => k.extensions.includes(extension));
  return kind?.contentType ?? 'application/octet-stream';
}
