import { photoPreview } from './photos-api';
import { exifr } from './read-photos';

/**
 * The preview of a HEIC photo, cheapest first (issue 30 point 7: a placeholder is no preview):
 *  1. the JPEG thumbnail its EXIF embeds (IFD1), when the camera wrote one, read by exifr (already loaded with the
 *     photos' reading);
 *  2. the file itself, when this browser decodes HEIC (Safari): tried off screen;
 *  3. a small JPEG made by the server's HEIC decoder (POST photo_preview): most phones keep their HEIC thumbnails as
 *     HEVC images, which no other browser can show, and shipping a decoder (~1.4 MB of WebAssembly) for a thumbnail
 *     is too heavy (decision 0037).
 * null only when all three fail (a damaged file): the caller then shows a placeholder with the file's name.
 * The Blob answered is the caller's to show and let go (URL.createObjectURL).
 */
export async function heicPreview(file: File): Promise<Blob | null> {
  const embedded = await exifr()
    .then((e) => e.thumbnail(file))
    .catch(() => undefined);
  if (embedded) return new Blob([embedded as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
  if (await browserDecodes(file)) return file;
  // One at a time: the server decodes one HEIC at a time anyway, and a draft of many would fill its queue (503).
  const answer = serverQueue.then(() => photoPreview(file, file.name));
  serverQueue = answer.then(
    () => undefined,
    () => undefined,
  );
  try {
    // Decoded here, not fetched: the content security policy allows no data: address to connect-src.
    const base64 = (await answer).image.split(',', 2)[1] ?? '';
    return new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' });
  } catch {
    return null;
  }
}

let serverQueue: Promise<unknown> = Promise.resolve();

/** Whether this browser draws the file (decoded off screen, so nothing broken is ever shown). */
function browserDecodes(file: Blob): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = new Image();
    const url = URL.createObjectURL(file);
    const done = (ok: boolean) => {
      URL.revokeObjectURL(url);
      resolve(ok);
    };
    probe.onload = () => done(probe.naturalWidth > 0);
    probe.onerror = () => done(false);
    probe.src = url;
  });
}
