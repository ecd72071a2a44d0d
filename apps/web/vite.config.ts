import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * The sign-in page's chunk (and what it imports) is announced in index.html as a module preload:
 * the browser fetches it with the entry instead of after the entry has run and the router asked
 * for it, so the sign-in form paints one round trip sooner.
 */
function preloadSignInPage(): Plugin {
  return {
    name: 'srm-preload-sign-in-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const login = chunks.find((c) => c.facadeModuleId?.endsWith('/src/views/auth/Login.tsx'));
        const entry = chunks.find((c) => c.isEntry);
        if (!login || !entry) return;
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (file: string, into: Set<string>) => {
          if (into.has(file)) return into;
          into.add(file);
          for (const next of byFile.get(file)?.imports ?? []) closure(next, into);
          return into;
        };
        // What the entry imports is preloaded by Vite already.
        const known = closure(entry.fileName, new Set());
        const files = [...closure(login.fileName, new Set())].filter((file) => !known.has(file));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

// The dev server proxies the API (and its socket) to the Fastify server on 3000.
export default defineConfig({
  plugins: [
    react(),
    preloadSignInPage(),
    // Every text file of the build gets .br (highest quality) and .gz twins, compressed once here;
    // the server sends them as they are (apps/server/src/core/static-assets.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|js|mjs|css|json|svg|txt|map)$/,
      threshold: 0,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
});
