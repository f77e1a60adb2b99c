import Negotiator from 'negotiator';
import type { FastifyInstance } from 'fastify';

/**
 * What a browser gets at GET /graphql: a short page saying what this address is and where GraphiQL lives (the
 * console's own bundle), with nothing loaded from elsewhere; Apollo's landing pages load React and GraphiQL from a
 * CDN (a blank page offline). A GET asking for JSON (a query by GET) goes on to Apollo.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Liar's Dice GraphQL API</title></head>
<body>
<h1>Liar's Dice GraphQL API</h1>
<p>This address serves GraphQL to programs: <code>POST /graphql</code> with a JSON body, and subscriptions over a
websocket (the <code>graphql-transport-ws</code> protocol) at the same path.</p>
<p>To explore the API in a browser, open GraphiQL in the console (its <code>/graphiql</code> page, served from the
console's own bundle). The schema is in the repository at <code>docs/schema.graphql</code>.</p>
</body></html>
`;

const OFFERED = ['application/json', 'application/graphql-response+json', 'text/html'];

export function serveLandingPage(app: FastifyInstance, path: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== path) return;
    if (new Negotiator(request.raw).mediaType(OFFERED) !== 'text/html') return;
    await reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(PAGE);
  });
}
