import { rspack } from '@rspack/core';
import { createAppConfig, DEV_PORTS } from '@flotilla/shared/build';

/** Where the standalone page's own files go, inside dist/ (served under /remotes/chat/page/). */
const PAGE_DIR = 'page';

/** Where the page's files are served from (the server's `/remotes/chat/`). */
const PAGE_PUBLIC_PATH = '/remotes/chat/';

/**
 * The page's stylesheet written into its HTML: a stylesheet to fetch would hold back the first paint
 * of the page's static message box by one request. The JS does not load it again (it was an initial chunk).
 */
class InlinePageStylesheet {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('InlinePageStylesheet', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'InlinePageStylesheet',
        async (data) => {
          data.html = data.html.replace(/<link href="([^"]+\.css)" rel="stylesheet">/g, (tag, href) => {
            const asset =
              href.startsWith(PAGE_PUBLIC_PATH) && compilation.getAsset(href.slice(PAGE_PUBLIC_PATH.length));
            return asset ? `<style>${asset.source.source().toString()}</style>` : tag;
          });
          return data;
        },
      );
    });
  }
}

/**
 * The public chat page, built apart from the federated remote: a share link on a phone needs no
 * federation runtime, no share scope and no router, and without federation the bundler can shake
 * unused code out of `@flotilla/shared` and its dependencies. Same loaders and naming as every app
 * (createAppConfig); its HTML is dist/index.html, which the server answers for the public chat paths.
 */
function pageConfig(mode) {
  const config = createAppConfig(
    {
      name: 'chat',
      dir: import.meta.dirname,
      entry: './src/standalone.tsx',
      htmlPublicPath: PAGE_PUBLIC_PATH,
      port: DEV_PORTS.chat,
    },
    { mode },
  );
  const output = config.output;
  return {
    ...config,
    name: 'chat-page',
    // After the remote, whose build empties dist/ first.
    dependencies: ['chat-remote'],
    output: {
      ...output,
      clean: false,
      uniqueName: 'flotilla_chat_page',
      chunkLoadingGlobal: `${output.chunkLoadingGlobal}_page`,
      filename: `${PAGE_DIR}/${output.filename}`,
      chunkFilename: `${PAGE_DIR}/${output.chunkFilename}`,
      cssFilename: `${PAGE_DIR}/${output.cssFilename}`,
      cssChunkFilename: `${PAGE_DIR}/${output.cssChunkFilename}`,
    },
    plugins: [
      ...config.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin'),
      new InlinePageStylesheet(),
    ],
    module: {
      ...config.module,
      rules: [
        ...config.module.rules,
        // The contracts only declare schemas and constants: what the page does not import may go.
        { test: /[\\/]shared[\\/]src[\\/]contracts[\\/]/, sideEffects: false },
      ],
    },
  };
}

// In development one federated build serves both the remote and the page (through src/index.ts),
// as every app does; a production build emits the remote (remoteEntry.<hash>.js, mf-manifest.json, the
// exposes) and the standalone page separately.
export default (_env, argv) => {
  const remote = createAppConfig(
    {
      name: 'chat',
      dir: import.meta.dirname,
      ...(argv.mode === 'development' ? { entry: './src/index.ts', htmlPublicPath: '/' } : {}),
      exposes: { './App': './src/expose/App.tsx', './ChatPanel': './src/expose/ChatPanel.tsx' },
      port: DEV_PORTS.chat,
    },
    { mode: argv.mode },
  );
  if (argv.mode === 'development') return remote;
  return [{ ...remote, name: 'chat-remote' }, pageConfig(argv.mode)];
};
