import { useEffect, useState } from 'react';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { heicPreview } from '../../lib/photos/heic-preview';
import { isHeic } from '../../lib/photos/shrink';
import classes from './PhotoThumb.module.css';

/**
 * A small preview of a photo on the device. A HEIC photo shows what heicPreview finds (its embedded JPEG thumbnail,
 * the file in a browser that decodes HEIC, else a small JPEG from the server's decoder); a placeholder with the
 * file's name only while it is looked for or when the file cannot be read. The one preview of the photos' pages
 * (the groups, the draft, the correction step).
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
      void heicPreview(file).then((preview) => {
        if (!live) return;
        if (preview) show(preview);
        else setFailedFor(file);
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
