// One Rspack + Module Federation configuration for the shell and every remote, so that
// shared singletons, loaders and output naming cannot drift between apps.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { EVALUATE_QUERY } from './build-time-loader.mjs';

const sharedRoot = resolve(import.meta.dirname, '..');
const BUILD_ID = Date.now().toString(36);

/**
 * Singletons shared by every app. Subpaths are their own keys; the workspace
 * package needs `requiredVersion: false` because its inferred `workspace:*` range fails the check.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '18.3.1' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '18.3.1' },
  'react-dom': { singleton: true, requiredVersion: '18.3.1' },
  'react-dom/client': { singleton: true, requiredVersion: '18.3.1' },
  'react-router-dom': { singleton: true, requiredVersion: '7.18.6' },
  effector: { singleton: true, requiredVersion: '23.4.4' },
  'effector-react': { singleton: true, requiredVersion: '23.3.0' },
  '@lingui/core': { singleton: true, requiredVersion: '5.9.5' },
  '@lingui/react': { singleton: true, requiredVersion: '5.9.5' },
  '@flotilla/shared': { singleton: true, requiredVersion: false },
  '@flotilla/shared/ui': { singleton: true, requiredVersion: false },
  // Semi reaches the apps only through this module: it imports the components in use one by one.
  // Sharing `@douyinfe/semi-ui` itself would ship the whole library, since shared modules are not tree-shaken.
  '@flotilla/shared/ui/semi': { singleton: true, requiredVersion: false },
  // Semi's Form and its field types, loaded with the first form rather than with the first screen.
  '@flotilla/shared/ui/semi-forms': { singleton: true, requiredVersion: false },
  '@flotilla/shared/contracts': { singleton: true, requiredVersion: false },
};

/**
 * @param {object} options
 * @param {string} options.name       federation name (`shell`, `robots`, …)
 * @param {string} options.dir        the app's folder (import.meta.dirname of its rspack.config.mjs)
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes (`./App`, …)
 * @param {string} [options.entry]    an entry with its own HTML page (the shell; chat's standalone page)
 * @param {string} [options.htmlPublicPath] where the HTML page finds its scripts ('/' for the shell)
 * @param {number} options.port       dev server port
 * @param {string} [options.mode]
 */
export function createAppConfig({ name, dir, exposes, entry, htmlPublicPath, port }, { mode = 'production' } = {}) {
  const isProd = mode === 'production';
  const src = join(dir, 'src');
  const publicDir = join(dir, 'public');
  return {
    mode,
    context: dir,
    entry: entry ? { main: entry } : {},
    devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: `flotilla_${name}`,
      // One chunk registry per build: a newer build of a remote loaded into a running shell must not
      // pick up the chunks the previous build left in a registry of the same name (same chunk ids).
      chunkLoadingGlobal: `flotillaChunks_${name}_${BUILD_ID}`,
      filename: isProd ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: isProd ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: isProd ? '[name].[contenthash:8].css' : '[name].css',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          include: [src, join(sharedRoot, 'src')],
          type: 'javascript/auto',
          use: {
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProd } },
                target: 'es2020',
              },
            },
          },
        },
        // A `*.build-time.ts` module runs during the build; the bundle gets the data it exported.
        {
          test: /\.build-time\.ts$/,
          resourceQuery: { not: EVALUATE_QUERY },
          use: { loader: join(import.meta.dirname, 'build-time-loader.mjs') },
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpe?g|gif|webp|ico)$/, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        // Content-hashed in production like every other file, so browsers may keep it (the manifest names it).
        filename: isProd ? 'remoteEntry.[contenthash:8].js' : 'remoteEntry.js',
        exposes: exposes ?? {},
        shared: SHARED_SINGLETONS,
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        // One federation runtime per page: the shell (the only host) provides its runtime core, and a
        // production remote uses it instead of bundling its own (about 20 KB gzipped less per remote).
        // A remote's dev build keeps its own: chat's dev page is its own host.
        experiments: exposes ? { externalRuntime: isProd } : { provideExternalRuntime: true },
      }),
      entry &&
        new rspack.HtmlRspackPlugin({
          template: join(dir, 'index.html'),
          publicPath: htmlPublicPath ?? 'auto',
          // Only the page's own entry: the federation container (remoteEntry.js) is for hosts, and
          // injecting it would download a second copy of the federation runtime.
          chunks: ['main'],
        }),
      existsSync(publicDir) && new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir, noErrorOnMissing: true }] }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __FLOTILLA_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
      }),
    ].filter(Boolean),
    performance: false,
    devServer: {
      port,
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          context: ['/v1', '/v2', '/api', '/remotes.json', '/version.json', '/healthz', '/docs'],
          target: process.env.FLOTILLA_API ?? 'http://127.0.0.1:8080',
        },
      ],
    },
  };
}

/** Ports of the dev servers (`pnpm dev`); the server's dev `/remotes.json` points at them. */
export const DEV_PORTS = { shell: 3000, robots: 3001, datasets: 3002, cases: 3003, users: 3004, chat: 3005 };
