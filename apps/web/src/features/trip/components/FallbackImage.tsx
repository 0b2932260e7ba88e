import { useRef, useState, type ImgHTMLAttributes } from 'react';

/** A neutral picture for an image that cannot load (an inline SVG: no request, no broken icon). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#eef2f2"/>' +
      '<path d="M30 84l22-26 16 18 10-12 14 20z" fill="#b9c9c9"/><circle cx="78" cy="44" r="9" fill="#b9c9c9"/></svg>',
  );

/**
 * 000 §2: on a load error the original address is set once more (setting src, even to the same value, makes the
 * browser fetch it again: a passing glitch heals), then a neutral placeholder is shown.
 */
export function FallbackImage({
  src,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null }) {
  const [failed, setFailed] = useState(false);
  const retried = useRef(false);
  return (
    <img
      {...rest}
      src={!src || failed ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      onError={(e) => {
        if (!src || failed) return;
        if (!retried.current) {
          retried.current = true;
          e.currentTarget.src = src;
        } else setFailed(true);
      }}
    />
  );
}
