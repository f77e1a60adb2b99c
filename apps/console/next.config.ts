import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

// The console is one package of the monorepo: modules resolve from the workspace root's node_modules.
const root = path.resolve(__dirname, '../..');

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root },
  outputFileTracingRoot: root,
};

export default createNextIntlPlugin('./src/i18n/request.ts')(config);
