import { useRef, useState, type ImgHTMLAttributes } from 'react';

const svg = (inner: string, w: number, h: number) =>
  'data:image/svg+xml,' +
  encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#eef2f2"/>${inner}</svg>`);

/** Neutral pictures for an image that is missing or cannot load (inline SVG: no request, no broken icon). */
const PLACEHOLDER_SQUARE = svg(
  '<path d="M30 84l22-26 16 18 10-12 14 20z" fill="#b9c9c9"/><circle cx="78" cy="44" r="9" fill="#b9c9c9"/>',
  120,
  120,
);
export const PLACEHOLDER_WIDE = svg(
  '<path d="M40 76l26-30 18 20 12-14 24 24z" fill="#b9c9c9"/><circle cx="104" cy="34" r="9" fill="#b9c9c9"/>',
  160,
  100,
);

/**
 * 000 §2: on a load error the original address is set once more (setting src, even to the same value, makes the
 * browser fetch it again: a passing glitch heals), then a neutral placeholder is shown (square unless told).
 * Used by the trip page's cards and details, the author block and the search result cards.
 */
export function FallbackImage({
  src,
  alt,
  placeholder = PLACEHOLDER_SQUARE,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'placeholder'> & { src: string | null; placeholder?: string }) {
  const [failed, setFailed] = useState(false);
  const retried = useRef(false);
  return (
    <img
      {...rest}
      src={!src || failed ? placeholder : src}
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
