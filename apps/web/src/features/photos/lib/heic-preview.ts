import { exifr } from './read-photos';

/**
 * The preview of a HEIC photo without decoding HEVC: the JPEG thumbnail its EXIF embeds (IFD1), when the camera wrote
 * one, read by exifr (already loaded with the photos' reading). null when there is none: most phones keep their
 * HEIC thumbnails as HEVC images, which only a HEIC decoder can show (the caller then tries the browser, else shows
 * a placeholder).
 */
export async function heicPreview(file: Blob): Promise<Blob | null> {
  try {
    const bytes = await (await exifr()).thumbnail(file);
    return bytes ? new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }) : null;
  } catch {
    return null;
  }
}
