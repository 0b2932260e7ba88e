import { useMemo } from 'react';
import { IconPhoto } from '@tabler/icons-react';
import { isHeic } from '../lib/shrink';
import classes from './DraftTrip.module.css';

/**
 * A small preview of a photo on the device (nothing is uploaded); HEIC, which browsers cannot show, gets an icon.
 * The object URL is let go once the image has loaded (it stays drawn), so a long list holds no originals.
 */
export function PhotoThumb({ file }: { file: File }) {
  const url = useMemo(() => (isHeic(file) ? null : URL.createObjectURL(file)), [file]);
  if (!url)
    return (
      <span className={classes.thumb} aria-hidden>
        <IconPhoto size={28} />
      </span>
    );
  return <img className={classes.thumb} src={url} alt="" loading="lazy" onLoad={() => URL.revokeObjectURL(url)} />;
}
