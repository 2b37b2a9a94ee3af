import { expect } from 'vitest';
import type { TestPlatform, TestServer } from './harness.js';

/** An application as its platform created it, with the applicant's onboarding token. */
export interface StartedApplication {
  id: string;
  merchantId: string;
  token: string;
}

export async function startApplication(server: TestServer, owner: TestPlatform, overrides: Record<string, unknown> = {}): Promise<StartedApplication> {
  const response = await server.request('POST', '/sandbox/applications', {
    token: await owner.token(),
    body: {
      applicant: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
      integration: { type: 'hosted' },
      reference: 'merchant-1',
      urls: { redirect: 'https://platform.example/done' },
      ...overrides,
    },
  });
  expect(response.status, response.text).toBe(201);
  return { id: response.body.id, merchantId: response.body.merchant_id, token: new URL(response.body._links.onboarding.href).searchParams.get('token')! };
}

/** One applicant step on the onboarding host, authorized by the application's onboarding token. */
export function step(server: TestServer, application: StartedApplication, method: string, path: string, body?: unknown) {
  return server.request(method, `/smo/application${path}`, { token: application.token, body });
}

function bornYearsAgo(server: TestServer, years: number): string {
  const today = server.clock.now();
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
}

/** Walks a sole trader through every step up to, not including, submit. */
export async function completeSteps(server: TestServer, application: StartedApplication, applicant = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }): Promise<void> {
  const steps: [string, string, unknown][] = [
    ['GET', '', undefined], // the applicant opens the page: application_started
    ['POST', '/confirm-applicant', applicant],
    ['PATCH', '/applicant', { nationality: 'GB', gender: 'female', date_of_birth: bornYearsAgo(server, 36), pep: false, roles: ['owner'] }],
    ['POST', '/business-type', { type: 'individual_sole_trader', country_code: 'DE' }],
    [
      'PUT',
      '/business-profile',
      { legal_name: 'Ada Lovelace', registered_address: { line1: 'Leopoldstraße', number: 1, zip: '80802', town_city: 'München', country: 'DE' }, mcc: '5734', website: 'https://engines.example' },
    ],
    ['POST', '/confirm-representatives', undefined],
    ['PUT', '/payout-account', { account_number: { type: 'iban', value: 'DE89370400440532013000' }, account_owners_name: 'Ada Lovelace', currency: 'EUR' }],
  ];
  for (const [method, path, body] of steps) {
    const response = await step(server, application, method, path, body);
    expect(response.status, `${method} ${path}: ${response.text}`).toBe(200);
  }
}

/** Every step, then submit. */
export async function submitApplication(server: TestServer, application: StartedApplication, applicant?: { email: string; first_name: string; last_name: string }): Promise<void> {
  await completeSteps(server, application, applicant);
  const submitted = await step(server, application, 'POST', '/submit');
  expect(submitted.status, submitted.text).toBe(200);
  expect(submitted.body.status).toBe('submitted');
}

/** Uploads a document as the applicant does (multipart, with the onboarding token); answers its id. */
export async function uploadOnboardingDocument(
  server: TestServer,
  application: StartedApplication,
  parts: { type: string; side?: string; file: { bytes: Buffer; filename: string; contentType: string } },
): Promise<string> {
  const form = new FormData();
  form.append('type', parts.type);
  if (parts.side) form.append('side', parts.side);
  form.append('file', new Blob([new Uint8Array(parts.file.bytes)], { type: parts.file.contentType }), parts.file.filename);
  const response = await server.request('POST', '/smo/application/documents', { token: application.token, raw: form });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}
