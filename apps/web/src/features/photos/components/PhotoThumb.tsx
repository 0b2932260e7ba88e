import { useEffect, useState } from 'react';
import { IconPhoto } from '@tabler/icons-react';
import { isHeic } from '../lib/shrink';
import classes from './DraftTrip.module.css';

/** A small preview of a photo on the device (nothing is uploaded); HEIC, which browsers cannot show, gets an icon. */
export function PhotoThumb({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (isHeic(file)) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  if (!url)
    return (
      <span className={classes.thumb} aria-hidden>
        <IconPhoto size={28} />
      </span>
    );
  return <img className={classes.thumb} src={url} alt="" loading="lazy" />;
}
