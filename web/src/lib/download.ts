/** Hands text to the browser as a file download (reports, exported collections), made in the page, no round trip. */
export function downloadText(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  // Revoked once the browser has surely started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
