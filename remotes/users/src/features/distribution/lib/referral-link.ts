import QRCode from 'qrcode';

/** The full link of a register path on the console's own origin: what a referrer sends. */
export function referralLink(linkPath: string, origin: string): string {
  return new URL(linkPath, origin).toString();
}

/**
 * The link as a QR code: an SVG data URL (no canvas, so it draws the same in every browser and test). Dark
 * on light in both themes, with its quiet zone: scanners need that contrast.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Puts text on the clipboard; false when the browser refuses (no permission, an insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
