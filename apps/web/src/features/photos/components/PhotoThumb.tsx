import { useEffect, useState } from 'react';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { heicPreview } from '../lib/heic-preview';
import { isHeic } from '../lib/shrink';
import classes from './DraftTrip.module.css';

/**
 * A small preview of a photo on the device (nothing is uploaded). A HEIC photo shows the JPEG thumbnail its EXIF
 * embeds when it has one (exifr, already loaded to read the photos), else the file itself for a browser that decodes
 * HEIC (Safari), else a placeholder with the file's name: no HEIC decoder is shipped to the browser (decision 0037).
 * The object URL is let go once the image has loaded (it stays drawn), so a long list holds no originals.
 */
export function PhotoThumb({ file }: { file: File }) {
  const { t } = useTranslation();
  const heic = isHeic(file);
  // Each state names the file it is for, so a new file starts from nothing without a reset in the effect.
  const [shown, setShown] = useState<{ file: File; url: string } | null>(null);
  const [failedFor, setFailedFor] = useState<File | null>(null);
  const url = shown?.file === file ? shown.url : null;
  const failed = failedFor === file;

  useEffect(() => {
    let live = true;
    let made: string | null = null;
    const show = (blob: Blob) => {
      made = URL.createObjectURL(blob);
      if (live) setShown({ file, url: made });
    };
    if (!heic) show(file);
    else
      void heicPreview(file).then((thumb) => {
        if (!live) return;
        if (thumb) return show(thumb);
        // No embedded preview: shown only if this browser decodes HEIC itself (tried off screen, so a lazy image
        // never leaves the placeholder out); else the placeholder stays.
        const probe = new Image();
        const candidate = URL.createObjectURL(file);
        probe.onload = () => {
          made = candidate;
          if (live) setShown({ file, url: candidate });
          else URL.revokeObjectURL(candidate);
        };
        probe.onerror = () => URL.revokeObjectURL(candidate);
        probe.src = candidate;
      });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file, heic]);

  if (failed || (heic && url === null))
    return (
      <span
        className={`${classes.thumb} ${classes.placeholder}`}
        role="img"
        aria-label={heic ? t('photos.heicPreview', { name: file.name }) : file.name}
        data-testid="photo-placeholder"
      >
        <IconPhoto size={22} aria-hidden />
        <span className={classes.placeholderName}>{file.name}</span>
      </span>
    );
  if (url === null) return <span className={classes.thumb} aria-hidden />;
  return (
    <img
      className={classes.thumb}
      src={url}
      alt=""
      loading="lazy"
      data-testid={heic ? 'heic-preview' : undefined}
      onLoad={() => URL.revokeObjectURL(url)}
      onError={() => setFailedFor(file)}
    />
  );
}
