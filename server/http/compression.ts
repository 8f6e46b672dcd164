import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { CONTENT_ENCODINGS } from './content-encoding.ts';

/** Below this, an encoding's header and framing cost about what it saves. */
export const API_COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses the JSON answers of the routes registered after it in `scope` (the API), on the fly, when they are
 * larger than the threshold and the client accepts Brotli or gzip. Static files are not its business: the
 * build compresses them once (server/http/pages.ts). Brotli at a middle quality: the answer is made per request.
 */
export async function registerApiCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, {
    globalCompression: true,
    // Compressed request bodies would let a small upload inflate past the body limit's intent: not accepted.
    globalDecompression: false,
    encodings: [...CONTENT_ENCODINGS],
    threshold: API_COMPRESSION_THRESHOLD,
  });
}
