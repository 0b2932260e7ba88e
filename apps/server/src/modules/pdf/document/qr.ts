import { create } from 'qrcode';

/**
 * A QR code drawn as vector squares (no image): scanning it opens the live trip. Error correction M (15 %), enough
 * for a printed page; the quiet zone of 4 modules is kept white around it.
 */
export function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const { modules } = create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / (n + 8);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let r = 0; r < n; r++) {
    // One rectangle per horizontal run of dark modules: a fifth of the drawing operators.
    let c = 0;
    while (c < n) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && modules.get(r, c)) c++;
      doc.rect(x + (start + 4) * cell, y + (r + 4) * cell, (c - start) * cell, cell);
    }
  }
  doc.fill();
  doc.restore();
  doc.link(x, y, size, size, url);
}
