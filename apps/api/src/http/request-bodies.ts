import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import { createError } from '@fastify/error';
import { type ArgumentsHost, Catch, HttpException, type HttpServer } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

const INFLATERS: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

const UnsupportedEncoding = createError(
  'LD_UNSUPPORTED_CONTENT_ENCODING',
  'unsupported content-encoding "%s": send gzip, deflate, br or none',
  415,
);
const BadlyEncoded = createError('LD_BADLY_ENCODED_BODY', 'the body is not valid %s: %s', 400);

/**
 * A compressed body (`content-encoding` gzip, deflate or br) is inflated before it is parsed; MAX_BODY_BYTES (Fastify's
 * bodyLimit) then bounds the inflated bytes, so a small bomb is refused with 413 like a large body.
 */
export function inflateBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase() ?? 'identity';
    if (encoding === 'identity') return payload;
    const inflater = INFLATERS[encoding];
    if (!inflater) throw new UnsupportedEncoding(encoding.slice(0, 40));
    return inflated(payload, inflater(), encoding);
  });
}

/**
 * The inflated body. Fastify compares the bytes received with `content-length`: the encoded ones, counted here. A
 * body that does not inflate is the client's fault (400), said with zlib's reason.
 */
function inflated(payload: Readable, inflater: Transform, encoding: string): Readable {
  const body = Object.assign(new PassThrough(), { receivedEncodedLength: 0 });
  payload.on('data', (chunk: Buffer) => (body.receivedEncodedLength += chunk.length));
  payload.on('error', (error) => body.destroy(error));
  inflater.on('error', (error: NodeJS.ErrnoException) =>
    body.destroy(error.code?.startsWith('Z_') ? new BadlyEncoded(encoding, error.message) : error),
  );
  return payload.pipe(inflater).pipe(body);
}

/**
 * What reaches `path` but not GraphQL (a body too large, not JSON, badly encoded) is answered in GraphQL's error
 * shape with its 4xx status, and logged as a warning: the client's fault. Other paths keep Nest's answers, and errors
 * of resolvers go on to Apollo's formatting.
 */
@Catch(HttpException)
export class GraphqlPathErrors extends BaseExceptionFilter {
  constructor(
    adapter: HttpServer,
    private readonly path: string,
    private readonly logger: Logger,
  ) {
    super(adapter);
  }

  override catch(exception: HttpException, host: ArgumentsHost): unknown {
    if (host.getType() !== 'http') return exception;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const status = exception.getStatus();
    if (request.routeOptions.url !== this.path || status >= 500) return super.catch(exception, host);
    this.logger.warn(
      { status, path: request.url, length: request.headers['content-length'] },
      exception.message,
    );
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    const body = { errors: [{ message: exception.message, extensions: { code } }] };
    return host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .code(status)
      .type('application/json; charset=utf-8')
      .send(body);
  }
}
