/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The browser the tests drive: CHROMIUM_PATH when set (another build, or none to try a run without one), else Debian's. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
}
