import { rspack } from '@rspack/core';
import { createAppConfig, DEV_PORTS } from '@flotilla/shared/build';

const app = { name: 'shell', dir: import.meta.dirname, htmlPublicPath: '/', port: DEV_PORTS.shell };

/**
 * The login page (login.html + its script), built apart from the console: its form is static markup
 * usable at first paint, and its script has no federation runtime, share scope or router. Modules of
 * `shared` and the router that it does not use are dropped, so it ships only what it imports.
 */
function loginPageConfig(mode) {
  const config = createAppConfig({ ...app, entry: './src/login/login-entry.ts' }, { mode });
  return {
    ...config,
    name: 'shell-login',
    // After the console, whose build empties dist/ first.
    dependencies: ['shell-console'],
    entry: { login: './src/login/login-entry.ts' },
    output: {
      ...config.output,
      clean: false,
      uniqueName: 'flotilla_shell_login',
      chunkLoadingGlobal: `${config.output.chunkLoadingGlobal}_login`,
    },
    plugins: [
      ...config.plugins.filter(
        (plugin) => !['ModuleFederationPlugin', 'HtmlRspackPlugin'].includes(plugin.constructor.name),
      ),
      new rspack.HtmlRspackPlugin({
        template: './login.html',
        filename: 'login.html',
        publicPath: '/',
        chunks: ['login'],
      }),
    ],
    module: {
      ...config.module,
      rules: [
        ...config.module.rules,
        { test: /[\\/](shared[\\/]src|shell[\\/]src[\\/]router)[\\/]/, sideEffects: false },
      ],
    },
  };
}

export default (_env, argv) => {
  const console = {
    ...createAppConfig({ ...app, entry: './src/index.ts' }, { mode: argv.mode }),
    name: 'shell-console',
  };
  // The dev server answers the login paths with the login page, as the server does.
  console.devServer.historyApiFallback = { rewrites: [{ from: /\/login$/, to: '/login.html' }] };
  return [console, loginPageConfig(argv.mode)];
};
