/**
 * Shrinking a photo in the browser before it is sent (001 §5: at most 1024 px and 1 MB): fewer bytes on a phone's
 * connection, and the server's work is then a re-encode. HEIC/HEIF cannot be decoded by most browsers, so it goes as
 * it is and the server converts it (decision 0037); so does any file the browser cannot decode.
 */
const PHOTO_MAX_SIDE = 1024;
const PHOTO_MAX_BYTES = 1_000_000;
/** JPEG qualities tried in turn until the photo fits PHOTO_MAX_BYTES. */
const QUALITIES = [0.85, 0.72, 0.6, 0.45];

/** The size of a width x height image fitted within max x max, proportions kept, never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  max: number = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const isHeic = (file: File): boolean => /hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

const toJpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/** The photo to send: a JPEG of at most 1024 px and 1 MB, or the file itself when the browser cannot decode it. */
export async function shrinkPhoto(file: File): Promise<Blob> {
  if (isHeic(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let smallest: Blob | null = null;
  for (const quality of QUALITIES) {
    const blob = await toJpeg(canvas, quality);
    if (!blob) break;
    smallest = blob;
    if (blob.size <= PHOTO_MAX_BYTES) break;
  }
  // A small original that the canvas made bigger goes as it is.
  return smallest && (smallest.size < file.size || file.size > PHOTO_MAX_BYTES) ? smallest : file;
}
