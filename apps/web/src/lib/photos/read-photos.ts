import type * as Exifr from 'exifr';
import {
  EXIF_PICK,
  NO_PHOTO_METADATA,
  photoMetadataFromTags,
  type DraftPhoto,
  type PhotoMetadata,
} from '@rides/contract';

/**
 * Reading the picked photos in the browser (issue 20, decision 0037): EXIF with exifr, through the contract's
 * photoMetadataFromTags, so the browser reads a photo exactly as the server does, before anything shrinks it (a
 * shrunk photo has no EXIF left). exifr (~20 KB gzip) loads with the first photo read, never with a page.
 */

/** What the picker offers (001 §5: JPEG, PNG, HEIC/HEIF; the extensions too, for browsers that know no HEIC type). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif';

export interface PickedPhoto {
  /** Its place in the picked list ("p0", "p1" ...): the draft's photo id. */
  id: string;
  file: File;
  meta: PhotoMetadata;
}

let exifrModule: Promise<typeof Exifr> | undefined;

/** exifr, imported once, with the first photo read (never with a page). */
export const exifr = async () => (await (exifrModule ??= import('exifr'))).default;

/** One photo's date, offset and GPS; a file exifr cannot read has none (001 §5: no date or GPS is allowed). */
export async function readPhotoMetadata(file: Blob): Promise<PhotoMetadata> {
  const reader = await exifr();
  try {
    const tags = (await reader.parse(file, {
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

/** Reads the photos one after the other (a phone's memory holds one original at a time), telling how many are done. */
export async function readPhotos(
  files: readonly File[],
  onProgress: (done: number) => void,
): Promise<PickedPhoto[]> {
  const photos: PickedPhoto[] = [];
  for (const [i, file] of files.entries()) {
    photos.push({ id: `p${i}`, file, meta: await readPhotoMetadata(file) });
    onProgress(i + 1);
  }
  return photos;
}

/** The draft module's view of a photo. */
export const toDraftPhoto = ({ id, meta }: PickedPhoto): DraftPhoto => ({
  id,
  lat: meta.gps?.lat ?? null,
  lng: meta.gps?.lng ?? null,
  takenAt: meta.dateTaken,
  offset: meta.offset,
  takenAtUtc: meta.gpsUtc,
});

/** The photos in the order they were taken (001 §4 "photos are sorted by date taken"); undated ones last, as picked. */
export const byDateTaken = (photos: readonly PickedPhoto[]): PickedPhoto[] =>
  [...photos].sort((a, b) => {
    const x = a.meta.dateTaken;
    const y = b.meta.dateTaken;
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  });
