/**
 * Hands a file to the browser, which saves it under `name`: a downloaded blob (an export) or a data URL (a
 * chart's PNG). A blob's object URL is released once the click's event has run.
 */
export function saveFile(source: Blob | string, name: string): void {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  if (typeof source !== 'string') setTimeout(() => URL.revokeObjectURL(url), 0);
}
