import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHomeGraph, FakeHomeGraph } from './home-graph.ts';

/** A local stand-in for Google's token endpoint and HomeGraph, to check what the real client sends. */
describe('the HomeGraph client', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const calls: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        calls.push({ path: request.url!, headers: request.headers, body });
        response.setHeader('content-type', 'application/json');
        if (request.url === '/token')
          response.end(JSON.stringify({ access_token: 'google-access-token', expires_in: 3600, token_type: 'Bearer' }));
        else if (request.url === '/v1/devices:requestSync' && body.includes('unknown-user'))
          response.writeHead(404).end('{}');
        else response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('without a service account is the local fake, which checks what it is given', async () => {
    const fake = createHomeGraph({ url: base, serviceAccount: undefined, timeoutMs: 1000 });
    expect(fake).toBeInstanceOf(FakeHomeGraph);
    await expect(fake.requestSync({ agentUserId: '' })).rejects.toThrow();
  });

  it('signs a JWT for the service account, then calls HomeGraph at the configured base URL with its token', async () => {
    const homeGraph = createHomeGraph({
      url: `${base}/`,
      serviceAccount: {
        client_email: 'navimow@project.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${base}/token`,
      },
      timeoutMs: 2000,
    });
    await homeGraph.requestSync({ agentUserId: 'account-1', async: true });
    await homeGraph.requestSync({ agentUserId: 'account-2', async: true });

    const tokenCalls = calls.filter((call) => call.path === '/token');
    expect(tokenCalls).toHaveLength(1);
    const form = new URLSearchParams(tokenCalls[0]!.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = form.get('assertion')!.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({
      iss: 'navimow@project.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/homegraph',
      aud: `${base}/token`,
    });
    expect(
      createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature!, 'base64url')),
    ).toBe(true);

    const syncs = calls.filter((call) => call.path === '/v1/devices:requestSync');
    expect(syncs.map((call) => JSON.parse(call.body))).toEqual([
      { agentUserId: 'account-1', async: true },
      { agentUserId: 'account-2', async: true },
    ]);
    expect(syncs.every((call) => call.headers.authorization === 'Bearer google-access-token')).toBe(true);

    await expect(homeGraph.requestSync({ agentUserId: 'unknown-user' })).rejects.toThrow(/HTTP 404/);
  });
});
