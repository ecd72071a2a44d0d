import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { START_NAMESPACES } from './src/i18n/startNamespaces.ts';
import { ENTRY_STYLE_ATTRIBUTE } from './src/styles/applyEntryStyles.ts';

type OutputChunk = Extract<Rollup.OutputBundle[string], { type: 'chunk' }>;

/** A chunk and every chunk it imports, by file name. */
function importClosure(chunks: OutputChunk[], file: string | undefined): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const into = new Set<string>();
  const walk = (name: string) => {
    if (into.has(name) || !byFile.has(name)) return;
    into.add(name);
    for (const next of byFile.get(name)?.imports ?? []) walk(next);
  };
  if (file) walk(file);
  return into;
}

/** The chunk that holds a source module (its own chunk, or a group's: vite.config's codeSplitting). */
function chunkHolding(chunks: OutputChunk[], suffix: string): OutputChunk | undefined {
  const holds = (id: string | null | undefined) => Boolean(id?.replaceAll('\\', '/').endsWith(suffix));
  return (
    chunks.find((c) => holds(c.facadeModuleId)) ?? chunks.find((c) => Object.keys(c.modules).some(holds))
  );
}

/**
 * The start-up code as one script, the shell as another. Rolldown puts every module that a lazy
 * page imports too into a common chunk of its own, so the code every page runs at start arrived as
 * two dozen small scripts, and the signed-in shell with its home page as sixty, each a round trip
 * of its own on HTTP/1.1's six connections (on an emulated slow link the shell showed 3 s after
 * sign-in; now 2 s). The build runs twice (`npm run build`): the probe (mode `start-probe`,
 * written apart and thrown away) records, after tree-shaking, which modules three sets of its
 * chunks hold — the start (the entry's chunk and every chunk it imports), the sign-in page's (its
 * chunk and what it imports beyond the start) and the shell's (the layout's and the home page's,
 * beyond both) — and the real build groups each set into one chunk (`codeSplitting` below), the
 * start first. The start and the sign-in page load on every visit, the shell on every signed-in
 * one; lazy pages import from them. A public page that shares code with the shell (supplier
 * registration) loads the shell's chunk with it. Without a record (a bare `vite build`), Rolldown's
 * own chunking applies.
 */
const START_PROBE_MODE = 'start-probe';
const START_MODULES_FILE = fileURLToPath(
  new URL('./node_modules/.cache/start-modules.json', import.meta.url),
);

const SIGN_IN_PAGE = '/src/views/auth/Login.tsx';
const SHELL_PAGES = ['/src/layout/index.tsx', '/src/views/home/index.tsx'];

type RecordedModules = { start: string[]; signIn: string[]; shell: string[] };

function readRecordedModules(): RecordedModules | null {
  if (!existsSync(START_MODULES_FILE)) return null;
  const record = JSON.parse(readFileSync(START_MODULES_FILE, 'utf8')) as Partial<RecordedModules>;
  // A record of an older build (a list of the start's modules only) is taken as no record.
  const lists = [record.start, record.signIn, record.shell];
  return lists.every((list) => Array.isArray(list)) ? (record as RecordedModules) : null;
}

/**
 * The icons the menu can show (components/MenuIcon.tsx, one lazy import each), read from that file.
 * Alone, each was a script of its own: the first screen (its menu and the home page's quick links)
 * asked for a dozen 400-byte scripts, one round trip each. Grouped, they come as one small script.
 */
function menuIconModules(): Set<string> {
  const source = readFileSync(
    fileURLToPath(new URL('./src/components/MenuIcon.tsx', import.meta.url)),
    'utf8',
  );
  const names = [...source.matchAll(/import\('@ant-design\/icons\/es\/icons\/(\w+)'\)/g)].map((m) => m[1]);
  return new Set(names.map((name) => `/@ant-design/icons/es/icons/${name}.js`));
}

/** One chunk per recorded set; a module in two sets goes to the first (highest priority). */
function recordedGroups(record: RecordedModules | null) {
  if (!record) return true;
  const sets = [
    ['start', record.start],
    ['sign-in', record.signIn],
    ['shell', record.shell],
  ] as const;
  const icons = menuIconModules();
  const isMenuIcon = (id: string) => {
    const at = id.replaceAll('\\', '/').lastIndexOf('/@ant-design/icons/es/icons/');
    return at >= 0 && icons.has(id.replaceAll('\\', '/').slice(at));
  };
  return {
    groups: [
      ...sets.map(([name, ids], i) => {
        const members = new Set(ids);
        return { name, test: (id: string) => members.has(id), priority: sets.length - i + 1 };
      }),
      { name: 'menu-icons', test: isMenuIcon, priority: 1 },
    ],
  };
}

function recordStartModules(): Plugin {
  return {
    name: 'srm-record-start-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const start = importClosure(chunks, entry?.fileName);
      // Only modules whose code is there: one tree-shaken empty here (its exports serve lazy
      // pages only) would otherwise bring that code to the start.
      const modulesOf = (files: Set<string>) =>
        chunks
          .filter((c) => files.has(c.fileName))
          .flatMap((c) => Object.entries(c.modules).filter(([, m]) => m.renderedLength > 0))
          .map(([id]) => id)
          .filter((id) => id !== entry?.facadeModuleId)
          .sort();
      const closureOf = (...suffixes: string[]) =>
        new Set(
          suffixes
            .flatMap((suffix) => [
              ...importClosure(chunks, chunks.find((c) => c.facadeModuleId?.endsWith(suffix))?.fileName),
            ])
            .filter((file) => !start.has(file)),
        );
      const signIn = closureOf(SIGN_IN_PAGE);
      const shell = closureOf(...SHELL_PAGES);
      const record: RecordedModules = {
        start: modulesOf(start),
        signIn: modulesOf(signIn),
        shell: modulesOf(new Set([...shell].filter((file) => !signIn.has(file)))),
      };
      mkdirSync(dirname(START_MODULES_FILE), { recursive: true });
      writeFileSync(START_MODULES_FILE, `${JSON.stringify(record)}\n`);
    },
  };
}

/**
 * The entry's stylesheet does not block the first paint: it becomes a style preload at the top of
 * the head (the first of the page's files to be asked for), and the entry applies it before the
 * first render (`styles/applyEntryStyles.ts`). The splash, styled inline in index.html, paints from
 * the HTML alone instead of waiting for a stylesheet queued behind the scripts.
 */
function entryStylesAsPreload(html: string): string {
  const TITLE_END = '</title>\n';
  const sheets = html.match(/^[ \t]*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
  const rest = sheets.reduce((page, sheet) => page.replace(sheet, ''), html);
  const at = rest.indexOf(TITLE_END);
  if (!sheets.length || at < 0) return html;
  const preloads = sheets.map((sheet) =>
    sheet.replace('rel="stylesheet"', `rel="preload" as="style" ${ENTRY_STYLE_ATTRIBUTE}`),
  );
  return rest.slice(0, at + TITLE_END.length) + preloads.join('') + rest.slice(at + TITLE_END.length);
}

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
      handler(html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const login = chunkHolding(chunks, SIGN_IN_PAGE);
        const entry = chunks.find((c) => c.isEntry);
        if (!login || !entry) return;
        // What the entry imports is preloaded by Vite already.
        const known = importClosure(chunks, entry.fileName);
        const files = [...importClosure(chunks, login.fileName)].filter((file) => !known.has(file));
        const tags = files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
        return { html: entryStylesAsPreload(html), tags };
      },
    },
  };
}

/**
 * `sign-in-preloads.json`: per language, the chunks of the sign-in page's texts (and antd's, where
 * they are not in the first download), and the sign-in page's stylesheets. The server announces them
 * in a `Link` header with the sign-in page (apps/server/src/core/static-assets.ts), chosen by the
 * request's Accept-Language, so they download beside the entry instead of after it has run.
 */
function signInPreloadMap(): Plugin {
  return {
    name: 'srm-sign-in-preload-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const fileOf = (suffix: string) =>
        chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix))?.fileName;
      const antdLocale: Record<string, string[]> = {
        'zh-CN': [],
        'en-US': ['/node_modules/antd/es/locale/en_US.js'],
        'zh-TW': ['/node_modules/antd/es/locale/zh_TW.js', '/node_modules/dayjs/locale/zh-tw.js'],
      };
      const locales: Record<string, string[]> = {};
      for (const [locale, antdFiles] of Object.entries(antdLocale)) {
        const files = [
          ...START_NAMESPACES.map((ns) => fileOf(`/src/locales/${ns}.${locale}.json`)),
          ...antdFiles.map((suffix) => fileOf(suffix)),
        ];
        locales[locale] = files.filter((f): f is string => Boolean(f)).map((f) => `/${f}`);
      }
      // The stylesheets of the sign-in page's chunk and of the chunks it imports, but the entry's.
      const cssOf = (files: Set<string>) =>
        new Set(
          chunks
            .filter((c) => files.has(c.fileName))
            .flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]),
        );
      const entryCss = cssOf(importClosure(chunks, chunks.find((c) => c.isEntry)?.fileName));
      const loginCss = cssOf(importClosure(chunks, chunkHolding(chunks, SIGN_IN_PAGE)?.fileName));
      const styles = [...loginCss].filter((sheet) => !entryCss.has(sheet)).map((f) => `/${f}`);
      this.emitFile({
        type: 'asset',
        fileName: 'sign-in-preloads.json',
        source: `${JSON.stringify({ locales, styles }, null, 2)}\n`,
      });
    },
  };
}

// The dev server proxies the API (and its socket) to the Fastify server on 3000.
export default defineConfig(({ mode }) => {
  const probe = mode === START_PROBE_MODE;
  const recorded = probe ? null : readRecordedModules();
  return {
    plugins: [
      react(),
      ...(probe ? [recordStartModules()] : []),
      preloadSignInPage(),
      signInPreloadMap(),
      // Every text file of the build gets .br (highest quality) and .gz twins, compressed once here;
      // the server sends them as they are (apps/server/src/core/static-assets.ts). Not the probe's.
      ...(probe
        ? []
        : [
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
          ]),
    ],
    server: {
      port: 5173,
      proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
    },
    build: {
      outDir: 'dist',
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        onwarn(warning, warn) {
          // The menu's icons (components/MenuIcon.tsx) and antd's language packs are imported lazily so
          // that a screen fetches only those it shows; the few that antd's own components import
          // statically are in a start chunk already, where Rolldown keeps them and says so once
          // per module. Nothing to act on: the lazy import still works, it only costs nothing.
          if (warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
          warn(warning);
        },
        output: {
          codeSplitting: recordedGroups(recorded),
        },
      },
    },
  };
});
