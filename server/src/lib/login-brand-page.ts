import {
  brandTextIn,
  DEFAULT_LOCALE,
  LOGIN_BRAND_ELEMENT_ID,
  LOGIN_METHODS,
  loginAccentVariablesOf,
  type LoginBrand,
  type LoginMethod,
} from '@flotilla/shared/contracts';
import { drawnPage, escapeHtml, jsonInHtml, type BuiltPage } from './builds';

/**
 * A branded login page drawn by the server from the login page's markup (shell/login.html), whose elements
 * say what they stand for: `data-brand="title|subtitle"` (the window title, the heading, the subtitle),
 * `data-brand-style` (the root, which takes the accent's variables), `data-method="…"` (what is offered only
 * with those methods: tabs, forms, "Forgot password?", the single sign-on section). What the page's script
 * would do with the brand is done here too, so that the first paint is the brand's. Every brand text is
 * escaped; replacements go through functions, so `$&` in a text stays text.
 */

/** The tabs' views: the methods that have a form. */
const TAB_METHODS: readonly LoginMethod[] = ['password', 'code'];

/** An element whose content is one text, marked `data-brand="<slot>"`. */
const TEXT_SLOT = /(<([a-z0-9]+)\b[^>]*\sdata-brand="(title|subtitle)"[^>]*>)[^<]*(<\/\2>)/g;
/** The heading, before which the logo goes. */
const HEADING = /<h1\b[^>]*\sdata-brand="title"/;
/** The attribute that stands for the accent's variables on the page's root element. */
const STYLE_SLOT = /\sdata-brand-style(?:="")?(?=[\s>])/;
/** The opening tag of an element offered only with some methods. */
const METHOD_TAG = /<[a-z0-9]+\b[^>]*\sdata-method="([a-z ]+)"[^>]*>/g;
/** A tab of the tab list, whole (its content is a text). */
const TAB = /<button\b(?=[^>]*\srole="tab"[\s>])[^>]*\sdata-method="([a-z]+)"[^>]*>[^<]*<\/button>/g;
const TAB_LIST = /<[a-z0-9]+\b[^>]*\srole="tablist"[^>]*>/;

/** `tag` (an opening tag) with the attribute `name` set to `value`, present without a value (true), or removed (false). */
function withAttribute(tag: string, name: string, value: string | boolean): string {
  const without = tag.replace(new RegExp(`\\s${name}(?:="[^"]*")?(?=[\\s/>])`), '');
  if (value === false) return without;
  const attribute = value === true ? name : `${name}="${escapeHtml(value)}"`;
  return without.replace(/\s*\/?>$/, (end) => ` ${attribute}${end}`);
}

/** The methods a brand offers, in its order (all of them without a list). */
export function offeredMethods(brand: LoginBrand): readonly LoginMethod[] {
  return brand.methods ?? LOGIN_METHODS;
}

/** The brand as the page's script reads it: its logo is in the markup already, and may be large. */
function scriptBrand({ logo: _logo, ...brand }: LoginBrand): Omit<LoginBrand, 'logo'> {
  return brand;
}

/** The tabs in the brand's order, each where a tab stood before. */
function orderTabs(html: string, methods: readonly LoginMethod[]): string {
  const rank = (method: string) => {
    const index = methods.indexOf(method as LoginMethod);
    return index === -1 ? methods.length : index;
  };
  const tabs = [...html.matchAll(TAB)].map(([whole, method]) => ({ whole, method: method ?? '' }));
  const ordered = [...tabs].sort((a, b) => rank(a.method) - rank(b.method));
  let next = 0;
  return html.replace(TAB, () => ordered[next++]?.whole ?? '');
}

/** Hides what is not offered; marks the first tab's view as the one shown. */
function showMethods(html: string, methods: readonly LoginMethod[]): string {
  const tabs = methods.filter((method) => TAB_METHODS.includes(method));
  const first = tabs[0];
  return html
    .replace(METHOD_TAG, (tag, needed: string) => {
      const required = needed.split(' ');
      const [method] = required;
      // A form is shown when it is the first tab's; anything else only loses what is not offered (the
      // single sign-on section stays hidden until its providers are known).
      if (/\srole="tabpanel"/.test(tag)) return withAttribute(tag, 'hidden', method !== first);
      const isTab = /\srole="tab"/.test(tag);
      if (!required.every((each) => methods.includes(each as LoginMethod))) {
        const hidden = withAttribute(tag, 'hidden', true);
        // A tab not offered is not the selected one either (the markup selects the password tab).
        return isTab ? withAttribute(withAttribute(hidden, 'aria-selected', 'false'), 'tabindex', '-1') : hidden;
      }
      if (!isTab) return tag;
      const selected = withAttribute(tag, 'aria-selected', String(method === first));
      return withAttribute(selected, 'tabindex', method === first ? false : '-1');
    })
    .replace(TAB_LIST, (tag) => withAttribute(tag, 'hidden', tabs.length < 2));
}

/**
 * The login page's HTML drawn for `brand`: title, subtitle, logo, accent and methods in the markup, and the
 * brand (without its logo) as a JSON data block for the page's script, which runs nothing and so needs no
 * change of the Content-Security-Policy. A text given per language shows its zh-CN text, the markup's language.
 */
export function loginPageHtml(html: string, brand: LoginBrand): string {
  const texts = {
    title: brandTextIn(brand.title, DEFAULT_LOCALE),
    subtitle: brandTextIn(brand.subtitle, DEFAULT_LOCALE),
  };
  const methods = offeredMethods(brand);
  const data = `<script type="application/json" id="${LOGIN_BRAND_ELEMENT_ID}">${jsonInHtml(scriptBrand(brand))}</script>`;
  let drawn = html.replace(
    TEXT_SLOT,
    (whole, open: string, _tag: string, slot: 'title' | 'subtitle', close: string) => {
      const text = texts[slot];
      return text === undefined ? whole : `${withAttribute(open, 'data-i18n', false)}${escapeHtml(text)}${close}`;
    },
  );
  if (brand.logo !== undefined) {
    const logo = `<img class="fl-login__logo" data-brand="logo" src="${escapeHtml(brand.logo)}" alt="${escapeHtml(texts.title ?? '')}">`;
    drawn = drawn.replace(HEADING, (heading) => `${logo}${heading}`);
  }
  if (brand.color !== undefined) {
    const style = Object.entries(loginAccentVariablesOf(brand.color))
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
    drawn = drawn.replace(STYLE_SLOT, () => ` style="${escapeHtml(style)}"`);
  }
  if (brand.methods !== undefined) drawn = showMethods(orderTabs(drawn, methods), methods);
  return drawn.replace('</head>', () => `${data}</head>`);
}

/** The origin of a brand's https logo, which the page's CSP must let its images come from. */
export function logoOrigins(brand: LoginBrand | undefined): string[] {
  return brand?.logo?.startsWith('https://') ? [new URL(brand.logo).origin] : [];
}

/**
 * A login page drawn for `brand`, drawn again (and gzipped) only when the page it is drawn from changes, so
 * that answering it stays one write.
 */
export function brandedLoginPage(
  page: () => Promise<BuiltPage | undefined>,
  brand: LoginBrand,
): () => Promise<BuiltPage | undefined> {
  let drawn: { from: BuiltPage; result: BuiltPage } | undefined;
  return async () => {
    const built = await page();
    if (!built) return undefined;
    if (drawn?.from !== built)
      drawn = { from: built, result: drawnPage(loginPageHtml(built.html.toString('utf8'), brand)) };
    return drawn.result;
  };
}
