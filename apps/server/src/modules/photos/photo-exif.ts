import type * as Exifr from 'exifr';
import { EXIF_PICK, NO_PHOTO_METADATA, photoMetadataFromTags, type PhotoMetadata } from '@rides/contract';

/**
 * Reads the date taken, its offset and the GPS position from a photo's EXIF (JPEG, HEIC/HEIF, PNG, WebP) with exifr,
 * before anything converts or shrinks it (sharp writes no metadata); the tags are read by the contract's
 * photoMetadataFromTags, as the browser reads them. A file without EXIF, or with EXIF exifr cannot read, has no
 * metadata: that is allowed (001 §5), never an error.
 */
/** exifr loads with the first photo, not with every server (as sharp does, decision 0029). */
let exifrModule: Promise<typeof Exifr> | undefined;

export async function readPhotoMetadata(bytes: Buffer): Promise<PhotoMetadata> {
  const exifr = (await (exifrModule ??= import('exifr'))).default;
  try {
    const tags = (await exifr.parse(bytes, {
      pick: EXIF_PICK,
      reviveValues: false,
      translateValues: false,
      xmp: false,
      iptc: false,
      icc: false,
    })) as Record<string, unknown> | undefined;
    return photoMetadataFromTags(tags);
  } catch {
    return NO_PHOTO_METADATA;
  }
}
