import { writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

/** Where the generated types live, committed beside the client. */
export const TYPES_FILE = new URL('../src/openapi.d.ts', import.meta.url);

const HEADER = `/**
 * Generated from the server's /openapi.json by \`npm run client:types\` (at the repository root).
 * Do not edit: regenerate instead.
 */

`;

/** The TypeScript types of an OpenAPI 3.x document, as committed in src/openapi.d.ts. */
export async function typesFromOpenApi(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: false });
  return HEADER + astToString(ast);
}

export async function writeTypes(document: object): Promise<void> {
  await writeFile(TYPES_FILE, await typesFromOpenApi(document));
}
