// Typed operations from the API's printed schema. Fails (exit 1) when an operation in operations.graphql no
// longer matches docs/schema.graphql: the console build runs it first, so CI catches the drift. It also writes
// generated/persisted-documents.json (SHA-256 of each operation's text → the text): the API's trusted documents
// (ADR 0065), which the console sends by hash.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const schema = path.join(__dirname, '../../docs/schema.graphql');

/** The bare hex SHA-256 of a text: the key Apollo's persisted queries use (`extensions.persistedQuery.sha256Hash`). */
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

module.exports = {
  overwrite: true,
  schema,
  documents: [path.join(__dirname, 'src/data/*.graphql')],
  ignoreNoDocuments: false,
  generates: {
    [path.join(__dirname, 'src/data/generated/')]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql', persistedDocuments: { hashAlgorithm: sha256 } },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: false,
        skipTypename: true,
        scalars: { ID: 'string' },
      },
    },
    // GraphiQL (src/features/graphiql) reads the schema from the console's own bundle: no introspection request,
    // which the API refuses in production.
    [path.join(__dirname, 'src/data/generated/schema-sdl.ts')]: {
      plugins: [{ add: { content: `export const SCHEMA_SDL = ${JSON.stringify(fs.readFileSync(schema, 'utf8'))};` } }],
    },
  },
  hooks: {},
};
