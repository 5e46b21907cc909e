import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { createAppConfig, DEV_PORTS } from '@flotilla/shared/build';

const app = { name: 'shell', dir: import.meta.dirname, htmlPublicPath: '/', port: DEV_PORTS.shell };

/**
 * A light page (login.html, register.html + its script), built apart from the console: its form is static
 * markup usable at first paint, and its script has no federation runtime, share scope or router. Modules of
 * `shared` and the router that it does not use are dropped, so it ships only what it imports.
 */
function lightPageConfig(mode, { name, entry, template, templateContent }) {
  const config = createAppConfig({ ...app, entry }, { mode });
  return {
    ...config,
    name: `shell-${name}`,
    // After the console, whose build empties dist/ first.
    dependencies: ['shell-console'],
    entry: { [name]: entry },
    output: {
      ...config.output,
      clean: false,
      uniqueName: `flotilla_shell_${name}`,
      chunkLoadingGlobal: `${config.output.chunkLoadingGlobal}_${name}`,
    },
    plugins: [
      ...config.plugins.filter(
        (plugin) => !['ModuleFederationPlugin', 'HtmlRspackPlugin'].includes(plugin.constructor.name),
      ),
      new rspack.HtmlRspackPlugin({
        ...(templateContent ? { templateContent } : { template }),
        filename: `${name}.html`,
        publicPath: '/',
        chunks: [name],
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

/** register.html with login.html's styles in its placeholder: the two pages share one look. */
function registerPageHtml() {
  const read = (file) => readFileSync(join(import.meta.dirname, file), 'utf8');
  const styles = /<style>[\s\S]*?<\/style>/.exec(read('login.html'))?.[0];
  if (!styles) throw new Error('login.html has no <style> for register.html');
  return read('register.html').replace('<!-- light-page-styles -->', () => styles);
}

export default (_env, argv) => {
  const console = {
    ...createAppConfig({ ...app, entry: './src/index.ts' }, { mode: argv.mode }),
    name: 'shell-console',
  };
  // The dev server answers the login paths with the login page, as the server does.
  console.devServer.historyApiFallback = {
    rewrites: [
      { from: /\/login$/, to: '/login.html' },
      { from: /^\/register$/, to: '/register.html' },
    ],
  };
  return [
    console,
    lightPageConfig(argv.mode, { name: 'login', entry: './src/login/login-entry.ts', template: './login.html' }),
    lightPageConfig(argv.mode, {
      name: 'register',
      entry: './src/register/register-entry.ts',
      templateContent: registerPageHtml,
    }),
  ];
};
