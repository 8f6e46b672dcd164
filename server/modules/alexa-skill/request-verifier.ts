import { createVerify, X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';

/**
 * Amazon's rules for a request sent by Alexa (Alexa Skills Kit, "Host a custom skill as a web service": verifying
 * that the request was sent by Alexa). A request is taken only if
 *  - `SignatureCertChainUrl` is https on s3.amazonaws.com (port 443), its normalized path under `/echo.api/`, and
 *    (our rule on top) it has no query, fragment or user information;
 *  - the chain it names is valid now, the signing certificate names `echo-api.amazon.com`, and every certificate
 *    is signed by the next, up to a trusted root;
 *  - `Signature-256` is the signing key's SHA-256 RSA signature of the exact body;
 *  - the body's `request.timestamp` is at most 150 seconds old (skill events: one hour, as Amazon retries them).
 * Production trusts the system's roots and Amazon's URL only; tests hand in a local root and URL rule
 * (`AlexaTrust`), which nothing in the environment can set.
 */
export interface AlexaTrust {
  /** Root certificates (PEM) a chain must end at. */
  roots: readonly string[];
  /** Whether a certificate-chain URL is one Amazon would use. */
  isChainUrl(url: URL): boolean;
  /** Loads the PEM chain behind an accepted URL. */
  fetchChain(url: URL): Promise<string>;
}

export const AMAZON_SIGNING_NAME = 'echo-api.amazon.com';
const REQUEST_TOLERANCE_MS = 150_000;
const SKILL_EVENT_TOLERANCE_MS = 60 * 60_000;
/**
 * How long a chain URL that failed (no answer, not found, not a valid chain) is answered with that failure without
 * being fetched again: anyone can name a URL, and each new fetch is ours to make. Short, since a passing fault of
 * Amazon's own URL refuses every request until it runs out.
 */
export const CHAIN_FAILURE_TTL_MS = 60_000;
/** Most chain URLs remembered at once (Amazon signs with a few); beyond it the oldest is forgotten. */
export const CHAIN_CACHE_SIZE = 1000;

/**
 * Amazon's rule for the URL (https, host s3.amazonaws.com, port 443 if any, path under `/echo.api/`), and ours on
 * top: no query, fragment or user information, which Amazon never sends and which would make endless distinct URLs
 * of one file.
 */
export function isAmazonChainUrl(url: URL): boolean {
  return (
    url.protocol === 'https:' &&
    url.hostname.toLowerCase() === 's3.amazonaws.com' &&
    (url.port === '' || url.port === '443') &&
    url.pathname.startsWith('/echo.api/') &&
    url.username === '' &&
    url.password === '' &&
    !/[?#]/.test(url.href)
  );
}

export const amazonTrust = (timeoutMs: number): AlexaTrust => ({
  roots: rootCertificates,
  isChainUrl: isAmazonChainUrl,
  async fetchChain(url) {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) throw new Error(`certificate chain: HTTP ${response.status}`);
    return response.text();
  },
});

export class AlexaVerificationError extends Error {
  override readonly name = 'AlexaVerificationError';
}

const refuse = (reason: string) => new AlexaVerificationError(reason);

function splitPem(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

export function createAlexaVerifier(trust: AlexaTrust, now: () => number = Date.now) {
  const roots = trust.roots.map((pem) => new X509Certificate(pem));
  /**
   * Amazon signs with few certificates: each URL's chain is fetched and checked once, and its signing certificate
   * kept while it is valid; a failure is kept `CHAIN_FAILURE_TTL_MS`. Requests that arrive while a URL is being
   * fetched wait for that one fetch.
   */
  const chains = new Map<string, { signing: Promise<X509Certificate>; until: number }>();

  function validNow(certificate: X509Certificate, at: number) {
    return Date.parse(certificate.validFrom) <= at && at <= Date.parse(certificate.validTo);
  }

  function signingCertificate(rawUrl: string): Promise<X509Certificate> {
    let url: URL;
    try {
      // WHATWG URL parsing normalizes the path (`/echo.api/../x` becomes `/x`), as Amazon asks.
      url = new URL(rawUrl);
    } catch {
      return Promise.reject(refuse('SignatureCertChainUrl is not a URL'));
    }
    if (!trust.isChainUrl(url)) return Promise.reject(refuse('SignatureCertChainUrl is not an Amazon certificate URL'));
    const cached = chains.get(url.href);
    if (cached && now() < cached.until) return cached.signing;
    chains.delete(url.href);
    if (chains.size >= CHAIN_CACHE_SIZE) chains.delete(chains.keys().next().value!);
    const entry = { signing: loadChain(url), until: Number.POSITIVE_INFINITY };
    chains.set(url.href, entry);
    entry.signing.then(
      (signing) => (entry.until = Date.parse(signing.validTo)),
      () => (entry.until = now() + CHAIN_FAILURE_TTL_MS),
    );
    return entry.signing;
  }

  async function loadChain(url: URL): Promise<X509Certificate> {
    const at = now();
    let chain: X509Certificate[];
    try {
      chain = splitPem(await trust.fetchChain(url));
    } catch {
      throw refuse('the certificate chain could not be loaded');
    }
    const [signing] = chain;
    if (!signing) throw refuse('the certificate chain is empty');
    if (!chain.every((certificate) => validNow(certificate, at)))
      throw refuse('a certificate of the chain is expired or not yet valid');
    if (!signing.subjectAltName?.split(', ').includes(`DNS:${AMAZON_SIGNING_NAME}`))
      throw refuse(`the signing certificate does not name ${AMAZON_SIGNING_NAME}`);
    for (let index = 0; index + 1 < chain.length; index++) {
      const [child, parent] = [chain[index]!, chain[index + 1]!];
      if (!parent.ca || !child.checkIssued(parent) || !child.verify(parent.publicKey))
        throw refuse('the certificate chain is broken');
    }
    const last = chain.at(-1)!;
    const anchored = roots.some(
      (root) =>
        validNow(root, at) &&
        (last.fingerprint256 === root.fingerprint256 || (last.checkIssued(root) && last.verify(root.publicKey))),
    );
    if (!anchored) throw refuse('the certificate chain does not lead to a trusted root');
    return signing;
  }

  /** Throws AlexaVerificationError unless the request is Alexa's and fresh. */
  return async function verify(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<void> {
    const header = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const chainUrl = header('signaturecertchainurl');
    const signature = header('signature-256');
    if (!chainUrl || !signature) throw refuse('the request is not signed');
    const signing = await signingCertificate(chainUrl);
    const verifier = createVerify('RSA-SHA256');
    verifier.update(rawBody, 'utf8');
    if (!verifier.verify(signing.publicKey, signature, 'base64')) throw refuse('the signature does not match the body');

    let envelope: { request?: { type?: unknown; timestamp?: unknown } };
    try {
      envelope = JSON.parse(rawBody) as typeof envelope;
    } catch {
      throw refuse('the body is not JSON');
    }
    const timestamp =
      typeof envelope.request?.timestamp === 'string' ? Date.parse(envelope.request.timestamp) : Number.NaN;
    if (Number.isNaN(timestamp)) throw refuse('the request has no timestamp');
    const isEvent = typeof envelope.request?.type === 'string' && envelope.request.type.startsWith('AlexaSkillEvent.');
    if (Math.abs(now() - timestamp) > (isEvent ? SKILL_EVENT_TOLERANCE_MS : REQUEST_TOLERANCE_MS))
      throw refuse('the request is too old');
  };
}
