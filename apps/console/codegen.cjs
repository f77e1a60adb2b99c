// Typed operations from the API's printed schema. Fails (exit 1) when an operation in operations.graphql no
// longer matches docs/schema.graphql: the console build runs it first, so CI catches the drift.
const path = require('node:path');

module.exports = {
  overwrite: true,
  schema: path.join(__dirname, '../../docs/schema.graphql'),
  documents: [path.join(__dirname, 'src/data/*.graphql')],
  ignoreNoDocuments: false,
  generates: {
    [path.join(__dirname, 'src/data/generated/')]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: false,
        skipTypename: true,
        scalars: { ID: 'string' },
      },
    },
  },
  hooks: {},
};
