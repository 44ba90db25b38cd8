/**
 * Saves a fetched file under its name, as a link with `download` does: the browser's own download,
 * so the file lands where the user keeps downloads. The temporary link is released at once after.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
