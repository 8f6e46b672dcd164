/** The encodings the server sends, strongest first: the build writes both beside every asset. */
export const CONTENT_ENCODINGS = ['br', 'gzip'] as const;

export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

const QUALITY = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i;

/**
 * The encoding to answer an `Accept-Encoding` header with (RFC 9110 section 12.5.3): the acceptable one of highest
 * weight, Brotli before gzip when the client weighs them alike; `q=0` means "never"; `*` stands for any coding the
 * header does not name. Undefined: send the body as it is.
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawCoding = '', ...parameters] = part.split(';');
    const coding = rawCoding.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const parameter of parameters) {
      if (!/^\s*q\s*=/i.test(parameter)) continue;
      const match = QUALITY.exec(parameter);
      // A weight that does not parse is not a preference to act on.
      weight = match ? Math.min(1, Number(match[1])) : 0;
    }
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, weight);
  }
  const weightOf = (coding: ContentEncoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: ContentEncoding | undefined;
  for (const coding of CONTENT_ENCODINGS) {
    if (weightOf(coding) > 0 && (best === undefined || weightOf(coding) > weightOf(best))) best = coding;
  }
  return best;
}
