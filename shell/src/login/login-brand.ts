// The brand of a branded login page (/guoguo/login…), which the server drew into the markup and inlined as
// JSON: its texts in the page's language, its methods. Checked by hand: the light page has no TypeBox.
import type { Locale } from '@flotilla/shared/contracts';
import { setAttribute, setText } from './light-page';

/** The contracts' LOGIN_BRAND_ELEMENT_ID and LOGIN_METHODS, restated (a test holds them equal). */
export const LOGIN_BRAND_ELEMENT_ID = 'login-brand';
export const LOGIN_METHODS = ['password', 'code', 'sso'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** One text, or one per language. */
type BrandText = string | Partial<Record<Locale, string>>;

/** What the page's script does with a brand; a plain page's offers every method and every provider. */
export type PageBrand = {
  title?: BrandText;
  subtitle?: BrandText;
  methods: readonly LoginMethod[];
  /** The single sign-on providers shown (their ids); all of them when undefined. */
  ssoProviders?: readonly string[];
};

const isMethod = (value: unknown): value is LoginMethod => (LOGIN_METHODS as readonly unknown[]).includes(value);

function asBrandText(value: unknown): BrandText | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const texts = Object.entries(value).filter(([, text]) => typeof text === 'string');
  return texts.length > 0 ? (Object.fromEntries(texts) as BrandText) : undefined;
}

/** The brand inlined in `doc`; the plain page's when there is none or it cannot be read. */
export function readBrand(doc: Document): PageBrand {
  const text = doc.getElementById(LOGIN_BRAND_ELEMENT_ID)?.textContent;
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (typeof parsed === 'object' && parsed !== null) value = parsed as Record<string, unknown>;
  } catch {
    // An unreadable brand: the plain page.
  }
  const methods = Array.isArray(value.methods) ? value.methods.filter(isMethod) : [];
  const providers = Array.isArray(value.ssoProviders)
    ? value.ssoProviders.filter((id): id is string => typeof id === 'string')
    : undefined;
  return {
    title: asBrandText(value.title),
    subtitle: asBrandText(value.subtitle),
    methods: methods.length > 0 ? methods : LOGIN_METHODS,
    ...(providers ? { ssoProviders: providers } : {}),
  };
}

/** A brand text in `locale` (a text per language without this one: none). */
function textIn(text: BrandText | undefined, locale: Locale): string | undefined {
  return typeof text === 'string' ? text : text?.[locale];
}

/**
 * Writes the brand's texts in `locale` over the page's own (after the page was translated): the window
 * title and the heading, the subtitle, and the logo's alternative text.
 */
export function showBrandTexts(doc: Document, brand: PageBrand, locale: Locale): void {
  const title = textIn(brand.title, locale);
  const subtitle = textIn(brand.subtitle, locale);
  if (title !== undefined) for (const element of brandSlots(doc, 'title')) setText(element, title);
  if (subtitle !== undefined) for (const element of brandSlots(doc, 'subtitle')) setText(element, subtitle);
  for (const logo of brandSlots(doc, 'logo')) setAttribute(logo, 'alt', title ?? '');
}

function brandSlots(doc: Document, slot: 'title' | 'subtitle' | 'logo'): NodeListOf<HTMLElement> {
  return doc.querySelectorAll<HTMLElement>(`[data-brand="${slot}"]`);
}
