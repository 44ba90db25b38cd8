/** Spec section 9: a PDF's temporary link is released after 60 seconds. */
export const PDF_LINK_LIFETIME_MS = 60_000;

/**
 * Opens a PDF in a new tab. The tab is opened at once, while the click still counts as the user's
 * (pop-up blockers refuse a tab opened after a request), and shows the file when it arrives; the
 * temporary link is released after 60 seconds. A failed fetch closes the tab again.
 */
export async function openPdfInNewTab(fetchPdf: () => Promise<Blob>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchPdf();
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), PDF_LINK_LIFETIME_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
