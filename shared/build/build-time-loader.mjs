// Loader for modules named `*.build-time.ts`: the module runs once, during the build, and the bundle
// gets only the JSON values it exported. A light page uses it to ship data (its message catalogs,
// constants) without the code that produced it: no message compiler, TypeBox or effector at run time.
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** The query under which the module itself is evaluated, so that this loader does not run on it again. */
export const EVALUATE_QUERY = '?evaluate';

/** The export holding message catalogs (locale → id → ICU message): shipped compiled, as Lingui loads them. */
const CATALOGS_EXPORT = 'catalogs';

function compileCatalogs(catalogs) {
  return Object.fromEntries(
    Object.entries(catalogs).map(([locale, messages]) => [
      locale,
      Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)])),
    ]),
  );
}

export default async function buildTimeLoader() {
  const exported = await this.importModule(`${this.resourcePath}${EVALUATE_QUERY}`);
  return Object.entries(exported)
    .filter(([name]) => name !== '__esModule')
    .map(([name, value]) => {
      const json = JSON.stringify(name === CATALOGS_EXPORT ? compileCatalogs(value) : value);
      if (json === undefined) throw new Error(`${this.resourcePath}: export "${name}" is not JSON data`);
      return `export const ${name} = ${json};`;
    })
    .join('\n');
}
