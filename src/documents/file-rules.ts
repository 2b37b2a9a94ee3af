import { fileTypeFromBuffer } from 'file-type';

/** The specification's table of supported file formats: MIME type → extensions. */
export const FILE_FORMATS: Record<string, readonly string[]> = {
  'text/csv': ['csv'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'image/jpeg': ['jpeg', 'jpg'],
  'text/markdown': ['md'],
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/svg+xml': ['svg'],
  'text/tab-separated-values': ['tsv'],
  'text/plain': ['txt'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
};

const TEXT_FORMATS = new Set(['text/csv', 'text/markdown', 'text/tab-separated-values', 'text/plain', 'image/svg+xml']);
/** What byte sniffing reports for each declared type (legacy Office files are OLE compound files). */
const SNIFFED_AS: Record<string, readonly string[]> = {
  'application/msword': ['application/x-cfb'],
  'application/vnd.ms-excel': ['application/x-cfb'],
  'image/svg+xml': ['application/xml'],
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** The media type without parameters, lowercase ("text/plain; charset=utf-8" → "text/plain"). */
export function baseMediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether the bytes are what was declared: text formats by being UTF-8 text, the others by their signature. */
function contentMatches(declared: string, sniffed: string | undefined, bytes: Buffer): boolean {
  const aliases = SNIFFED_AS[declared] ?? [];
  if (!TEXT_FORMATS.has(declared)) return sniffed !== undefined && (sniffed === declared || aliases.includes(sniffed));
  if (sniffed !== undefined && !aliases.includes(sniffed)) return false;
  if (!isUtf8Text(bytes)) return false;
  return declared !== 'image/svg+xml' || /<svg[\s>]/.test(bytes.toString('utf8'));
}

/**
 * Checks that the declared type is supported, that the file name's extension belongs to it and
 * that the bytes really are of that type. Answers what is wrong, or nothing.
 */
export async function formatProblems(filename: string, declared: string, bytes: Buffer): Promise<string[]> {
  const extensions = FILE_FORMATS[declared];
  if (!extensions) return [`Content-Type ${declared || '(none)'} is not supported; supported: ${Object.keys(FILE_FORMATS).join(', ')}`];
  const problems: string[] = [];
  if (!extensions.includes(extensionOf(filename))) {
    problems.push(`the file name must end in .${extensions.join(' or .')} for Content-Type ${declared}`);
  }
  if (bytes.length === 0) return [...problems, 'the file is empty'];
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
  if (!contentMatches(declared, sniffed, bytes)) {
    const hint = sniffed ? `it is ${sniffed}` : TEXT_FORMATS.has(declared) ? 'text formats must be UTF-8 text' : 'its format was not recognised';
    problems.push(`the file content is not ${declared}: ${hint}`);
  }
  return problems;
}
