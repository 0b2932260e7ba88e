import type { default as Sharp, Metadata, OutputInfo } from 'sharp';
import { STORED_IMAGE_MAX_BYTES, STORED_IMAGE_MAX_SIDE, UPLOAD_IMAGE_MAX_PIXELS } from '@rides/contract';
import { AppError } from '../../lib/errors.js';
import type { HeicAsker, HeicPool } from '../photos/heic-pool.js';

/** The formats we take, named as sharp names them. */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/**
 * What the first bytes say the file is (magic numbers), whatever its name or declared type: JPEG FF D8 FF, PNG's
 * signature, GIF87a/GIF89a, RIFF....WEBP, and an ISO-BMFF `ftyp` box with a HEIF/AVIF brand. Anything else is null.
 */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head = bytes.toString('latin1', 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.slice(4, 8) === 'ftyp' && HEIF_BRANDS.has(head.slice(8, 12))) return 'heif';
  return null;
}

export interface StoredImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp' | 'image/jpeg';
}

export interface StoredImageOptions {
  /** WebP for the editors' images (decision 0018), JPEG for photos (001 §5 "HEIC/HEIF are converted to JPEG"). */
  format?: 'webp' | 'jpeg';
  /** The HEVC decoder (decision 0037); without it a HEIC photo is refused with image_format_not_supported. */
  heic?: HeicPool | undefined;
  /** Who asks for the HEVC decode and whether they still wait (the decoder's fair line, decision 0050). */
  asker?: HeicAsker | undefined;
  /** The longer side's limit (STORED_IMAGE_MAX_SIDE unless a smaller preview is asked for: photo_preview). */
  maxSide?: number;
}

/** sharp and libvips (~10 MB resident) load with the first upload, not with every server (decision 0029). */
let sharpModule: Promise<{ default: typeof Sharp }> | undefined;
const loadSharp = async (): Promise<typeof Sharp> => {
  sharpModule ??= import('sharp').then((m) => {
    // No operation cache: every upload is a new image, and the cache would keep a decoded photo's pixels (a 12 MP
    // HEIC's are 48 MB) alive after its answer (decision 0037).
    m.default.cache(false);
    return m;
  });
  return (await sharpModule).default;
};

/**
 * The checks that need no decoding: the magic numbers name a format we take and sharp reads the same format from the
 * header, and width x height is at most UPLOAD_IMAGE_MAX_PIXELS (see makeStoredImage). Answers the header.
 */
export async function inspectImage(
  input: Buffer,
): Promise<{ sniffed: ImageFormat; meta: Metadata & { width: number; height: number } }> {
  const sniffed = sniffImage(input);
  if (!sniffed) throw new AppError('file_is_not_an_image');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(sniffed === 'heif' ? 'image_format_not_supported' : 'file_is_not_an_image');
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) throw new AppError('file_is_not_an_image');
  if (meta.width * meta.height > UPLOAD_IMAGE_MAX_PIXELS) throw new AppError('image_too_many_pixels');
  return { sniffed, meta: meta as Metadata & { width: number; height: number } };
}

/** Lower qualities tried in turn until the image fits STORED_IMAGE_MAX_BYTES. */
const QUALITIES = [82, 70, 58, 45, 32];

/**
 * Checks an uploaded file by its bytes and makes the image we keep (decision 0018):
 *  - the magic numbers must name an image format we take, and sharp must read that same format (415
 *    file_is_not_an_image otherwise; HEIC that this build of libvips cannot decode: 415 image_format_not_supported);
 *  - width x height at most UPLOAD_IMAGE_MAX_PIXELS, read from the header before anything is decoded, and the same
 *    limit given to the decoder (limitInputPixels), so a decompression bomb is refused without being inflated (413
 *    image_too_many_pixels);
 *  - turned upright by its EXIF orientation, shrunk to STORED_IMAGE_MAX_SIDE on its longer side (never enlarged),
 *    re-encoded as WebP at the best quality that fits STORED_IMAGE_MAX_BYTES. sharp writes no metadata unless asked:
 *    EXIF (GPS position, camera, time), XMP and IPTC are gone; colours are converted to sRGB.
 * Animated GIF and WebP keep their first frame.
 */
export async function makeStoredImage(input: Buffer, opts: StoredImageOptions = {}): Promise<StoredImage> {
  const format = opts.format ?? 'webp';
  const side = opts.maxSide ?? STORED_IMAGE_MAX_SIDE;
  const { sniffed, meta } = await inspectImage(input);
  const sharp = await loadSharp();
  // HEVC (an iPhone's HEIC): libheif in WebAssembly, one photo at a time (decision 0037); the container's rotation is
  // applied by libheif, so the pixels are upright already. The decoded pixels are then shrunk like any image's.
  let source: { input: Buffer; raw?: { width: number; height: number; channels: 4 } } = { input };
  if (sniffed === 'heif' && meta.compression === 'hevc') {
    if (!opts.heic) throw new AppError('image_format_not_supported');
    // Its cost in the decoder's line: its megapixels, read from the header.
    const pixels = await opts.heic.decode(input, opts.asker, (meta.width * meta.height) / 1e6);
    source = {
      input: Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength),
      raw: { width: pixels.width, height: pixels.height, channels: 4 },
    };
  }
  for (const quality of QUALITIES) {
    let out: { data: Buffer; info: OutputInfo };
    try {
      const image = sharp(source.input, {
        limitInputPixels: UPLOAD_IMAGE_MAX_PIXELS,
        pages: 1,
        ...(source.raw ? { raw: source.raw } : {}),
      })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
      out = await (
        format === 'jpeg'
          ? image.flatten({ background: '#ffffff' }).jpeg({ quality })
          : image.webp({ quality, effort: 4 })
      ).toBuffer({
        resolveWithObject: true,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (/pixel limit/i.test(message)) throw new AppError('image_too_many_pixels');
      throw new AppError(sniffed === 'heif' ? 'image_format_not_supported' : 'file_is_not_an_image');
    }
    if (out.data.length <= STORED_IMAGE_MAX_BYTES) {
      return {
        bytes: out.data,
        width: out.info.width,
        height: out.info.height,
        contentType: format === 'jpeg' ? 'image/jpeg' : 'image/webp',
      };
    }
  }
  // A 1024-pixel WebP at quality 32 is far below 1 MB; an image that is not is no photo.
  throw new AppError('file_is_not_an_image');
}
