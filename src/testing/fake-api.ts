import { vi } from 'vitest';

/** One answer of the fake server: a status and JSON body, a lost request, or an answer that comes later. */
export type FakeReply =
  { status: number; body?: unknown } | 'network-error' | Promise<{ status: number; body?: unknown }>;

export interface SentRequest {
  method: string;
  /** The path under `/api`, with its query. */
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces `fetch` with a fake API server for component tests: each request to `/api<path>` takes the next
 * reply queued for `METHOD path` (or for the bare `path`, any method); a request with nothing queued fails
 * the test. `vi.unstubAllGlobals()` removes it.
 */
export function installFakeApi(replies: Record<string, FakeReply[]>) {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api/, '');
      requests.push({
        method,
        path,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      const reply = (replies[`${method} ${path}`] ?? replies[path])?.shift();
      if (!reply) throw new Error(`no reply queued for ${method} ${path}`);
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      const { status, body } = await reply;
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    requests,
    /** `METHOD path` of every request that changes something, in order. */
    changes: () =>
      requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`),
  };
}

export const apiError = (status: number, code: string) => ({ status, body: { error: { code, message: code } } });
