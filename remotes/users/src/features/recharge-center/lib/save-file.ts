/** Hands a downloaded file to the browser, which saves it under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the object URL is not needed once the event has run.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
