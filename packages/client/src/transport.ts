import { PaymentsApiError, PaymentsConnectionError } from './errors.js';

export interface SendOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** An answer of the API: its status, headers and parsed body. */
export interface Answer<T> {
  status: number;
  headers: Headers;
  data: T;
}

/** Paths served on the server's base URL whatever the environment (tokens, pages, documents, operations); every other path is the platform API's. */
const HOST_PATHS = /^\/(oauth|\.well-known|hpp|simulator|smo|merchants|v2|healthz|readyz|metrics|openapi\.json|docs)(\/|$)/;

/** HTTP to one server: URLs, JSON in and out, problem+json answers thrown as PaymentsApiError. */
export class Transport {
  constructor(
    readonly baseUrl: string,
    readonly apiUrl: string,
    private readonly fetchImpl: typeof fetch,
  ) {}

  /** The URL of a path of the OpenAPI document: on the base URL or on the environment's API URL. */
  url(path: string): string {
    return HOST_PATHS.test(path) ? this.hostUrl(path) : `${this.apiUrl}${path}`;
  }

  hostUrl(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  async send<T>(method: string, url: string, options: SendOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json', ...options.headers };
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const target = withQuery(url, options.query);
    let response: Response;
    try {
      response = await this.fetchImpl(target, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new PaymentsConnectionError(target, error);
    }
    const data = await parse(response);
    if (!response.ok) throw new PaymentsApiError(response.status, typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : { detail: String(data || response.statusText) });
    return { status: response.status, headers: response.headers, data: data as T };
  }
}

function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null);
  if (entries.length === 0) return url;
  return `${url}?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString()}`;
}

/** JSON parsed, text as text, anything else (a PNG, a document's bytes) as bytes. */
async function parse(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json') && !type.startsWith('text/') && type !== '') return new Uint8Array(await response.arrayBuffer());
  const text = await response.text();
  if (!text) return undefined;
  return type.includes('json') ? JSON.parse(text) : text;
}
