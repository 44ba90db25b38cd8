/**
 * Leave attachments: images (PNG, JPEG, WebP, HEIC) and PDF, at most 10 MB, recognised by their
 * content as well as by the type the browser declares.
 */
export const ATTACHMENT_TYPES = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/heic': '.heic',
  'application/pdf': '.pdf',
} as const;
export type AttachmentType = keyof typeof ATTACHMENT_TYPES;
export const ATTACHMENT_MIME_TYPES = Object.keys(ATTACHMENT_TYPES) as AttachmentType[];

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The dropzone's `accept`: each type with its usual file-name endings. */
export const ATTACHMENT_ACCEPT: Record<AttachmentType, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic', '.heif'],
  'application/pdf': ['.pdf'],
};

/** How many leading bytes detectAttachmentType needs. */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** HEIF brands of HEIC still images and sequences (ISO/IEC 23008-12). */
const HEIC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];

/** The attachment type the first bytes of a file show, or undefined when it is none of them. */
export function detectAttachmentType(bytes: Uint8Array): AttachmentType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (HEIC_BRANDS.includes(brand)) return 'image/heic';
  }
  return undefined;
}

export function isAttachmentType(type: string): type is AttachmentType {
  return Object.hasOwn(ATTACHMENT_TYPES, type);
}

/** Whether an attachment reference is a PDF (the details show it in a frame, else as an image). */
export function isPdfReference(reference: string): boolean {
  return /pdf$/i.test(reference);
}

/**
 * Upload grants one user may take in an hour: far more than anyone attaching certificates needs,
 * few enough that a script cannot fill the storage with files never attached.
 */
export const UPLOAD_GRANTS_PER_HOUR = 30;
