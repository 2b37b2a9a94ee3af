import { readFile } from 'node:fs/promises';
import { memoryPages, validateXML } from 'xmllint-wasm';

/**
 * XML checked against the ISO 20022 schemas in ./xsd (the EPC's SEPA Credit Transfer pain.001 and
 * the camt.053 statement, unchanged) by libxml2's xmllint compiled to WebAssembly: the same checks
 * as Debian's `xmllint --schema`, with nothing to install beside npm's packages.
 */
export type BankSchema = 'pain.001.001.09' | 'camt.053.001.08';

const SCHEMA_FILES: Record<BankSchema, string> = {
  'pain.001.001.09': 'pain.001.001.09-EPC132-08-2023-SCT.xsd',
  'camt.053.001.08': 'camt.053.001.08.xsd',
};

/** xmllint's complaints about `xml` (empty when it is valid), each with its line. */
export async function schemaErrors(xml: string, schema: BankSchema): Promise<string[]> {
  const fileName = SCHEMA_FILES[schema];
  const contents = await readFile(new URL(`./xsd/${fileName}`, import.meta.url), 'utf8');
  const result = await validateXML({
    xml: { fileName: 'file.xml', contents: xml },
    schema: { fileName, contents },
    maxMemoryPages: 512 * memoryPages.MiB, // a thousand-payout file and the schema fit easily
  });
  if (!result.valid && result.errors.length === 0) return [result.rawOutput || 'xmllint refused the file without saying why'];
  return result.errors.map((error) => error.rawMessage);
}
