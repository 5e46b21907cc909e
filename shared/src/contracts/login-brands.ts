import { Type, type Static } from '@sinclair/typebox';
import type { Locale } from './common';
import { channelsOf, readableOn, textColorOn } from './share-appearance';

/**
 * Branded login pages (`/guoguo/login`, `/bcds/login`, and `/login` itself): the server draws a page's
 * title, logo, colour and methods from FLOTILLA_LOGIN_BRANDS into the login page's markup, and inlines the
 * brand as JSON for the page's script. A page without a brand is the plain login page.
 */

/** The ways in a login page can offer: the password form, an SMS code, single sign-on buttons. */
export const LOGIN_METHODS = ['password', 'code', 'sso'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** The login routes a brand can be given to, by route name. */
export const BRANDED_LOGIN_ROUTES = ['login', 'guoguoLogin', 'bcdsLogin'] as const;
export type BrandedLoginRoute = (typeof BRANDED_LOGIN_ROUTES)[number];

export const LOGIN_BRAND_LIMITS = {
  textMax: 80,
  /** A logo inlined as a data: URL stays small: it is in every load of the page. */
  logoMax: 48 * 1024,
  providersMax: 20,
} as const;

const BrandTextSchema = Type.Union([
  Type.String({ minLength: 1, maxLength: LOGIN_BRAND_LIMITS.textMax }),
  Type.Object({
    'zh-CN': Type.String({ minLength: 1, maxLength: LOGIN_BRAND_LIMITS.textMax }),
    'en-US': Type.String({ minLength: 1, maxLength: LOGIN_BRAND_LIMITS.textMax }),
  }),
]);

/** One page's brand. Every field is optional: what is left out stays as the plain login page has it. */
export const LoginBrandSchema = Type.Object(
  {
    /** The heading and the window title: one text, or one per language. */
    title: Type.Optional(BrandTextSchema),
    subtitle: Type.Optional(BrandTextSchema),
    /** An `https://` URL or a `data:image/…` URL (png, jpeg, gif, webp or svg+xml): {@link isLoginLogo}. */
    logo: Type.Optional(Type.String({ minLength: 1, maxLength: LOGIN_BRAND_LIMITS.logoMax })),
    /** The accent of buttons, links and tabs, `#rgb` or `#rrggbb`. */
    color: Type.Optional(Type.String({ pattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' })),
    /** The ways in the page offers, in this order of tabs; all three when left out. */
    methods: Type.Optional(
      Type.Array(Type.Union(LOGIN_METHODS.map((method) => Type.Literal(method))), {
        minItems: 1,
        maxItems: LOGIN_METHODS.length,
        uniqueItems: true,
      }),
    ),
    /** The single sign-on providers (ids) the page shows; every provider when left out. */
    ssoProviders: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: LOGIN_BRAND_LIMITS.providersMax }),
    ),
  },
  { additionalProperties: false },
);
export type LoginBrand = Static<typeof LoginBrandSchema>;

/** FLOTILLA_LOGIN_BRANDS: a brand per login route name. */
export const LoginBrandsSchema = Type.Partial(
  Type.Object(
    Object.fromEntries(BRANDED_LOGIN_ROUTES.map((name) => [name, LoginBrandSchema])) as Record<
      BrandedLoginRoute,
      typeof LoginBrandSchema
    >,
  ),
  { additionalProperties: false },
);
export type LoginBrands = Static<typeof LoginBrandsSchema>;

/** The id of the data block in which a branded login page finds its brand. */
export const LOGIN_BRAND_ELEMENT_ID = 'login-brand';

/** The image types a logo given as a `data:` URL may have: those every browser draws in an `<img>`. */
const DATA_LOGO = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/;

/**
 * True for a logo a branded page may show: an `https://` URL, or a `data:` URL of a png, jpeg, gif, webp or
 * svg+xml image. An `<img>` runs no script of an SVG, and a page's CSP lets an https logo's origin in.
 */
export function isLoginLogo(url: string): boolean {
  if (DATA_LOGO.test(url)) return true;
  if (!url.startsWith('https://') || !URL.canParse(url)) return false;
  // A host name of letters, digits, dots and dashes (or an IPv6 address): its origin goes into the page's CSP,
  // where `;`, `,` or `*` (which URLs keep in host names) would end or widen a directive.
  const { hostname } = new URL(url);
  return /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$/.test(hostname) || /^\[[0-9a-f:.]+\]$/.test(hostname);
}

/** A brand text in `locale`: the one text, or the language's own. */
export function brandTextIn(text: LoginBrand['title'], locale: Locale): string | undefined {
  return typeof text === 'string' ? text : text?.[locale];
}

/** The CSS custom properties the login page's colours derive from (shell/login.html, `.fl-login`). */
export type LoginAccentVariable =
  | '--fl-primary'
  | '--fl-on-primary'
  | '--fl-primary-hover'
  | '--fl-primary-ring'
  | '--fl-primary-shadow'
  | '--fl-primary-text-light'
  | '--fl-primary-text-dark'
  | '--fl-tint-strong'
  | '--fl-tint-soft';

/** The login card's backgrounds accent-coloured text sits on, in the light and dark themes. */
const CARD_BACKGROUNDS = { light: '#ffffff', dark: '#2e2e30' } as const;

/** `hex` mixed towards white by `share` (0–1). */
function towardsWhite(hex: string, share: number): string {
  return `#${channelsOf(hex)
    .map((c) =>
      Math.round(c + (255 - c) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const alpha = (hex: string, opacity: number) => `rgba(${channelsOf(hex).join(', ')}, ${opacity})`;

/**
 * A brand colour as every colour of the login page that derives from the accent: the buttons with a text
 * readable on them, hover, focus ring, the card's shadow, links and tabs as text readable on the card (light
 * and dark themes), and the background's tints. Drawn by the server into the page's root element.
 */
export function loginAccentVariablesOf(color: string): Record<LoginAccentVariable, string> {
  return {
    '--fl-primary': color,
    '--fl-on-primary': textColorOn(color),
    '--fl-primary-hover': towardsWhite(color, 0.2),
    '--fl-primary-ring': alpha(color, 0.15),
    '--fl-primary-shadow': alpha(color, 0.08),
    '--fl-primary-text-light': readableOn(color, CARD_BACKGROUNDS.light),
    '--fl-primary-text-dark': readableOn(color, CARD_BACKGROUNDS.dark),
    '--fl-tint-strong': towardsWhite(color, 0.9),
    '--fl-tint-soft': towardsWhite(color, 0.93),
  };
}
