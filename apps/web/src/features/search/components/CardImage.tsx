import { useRef, useState, type ImgHTMLAttributes } from 'react';

/** A neutral picture for a trip with no image, or one that cannot load (inline SVG: no request). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" fill="#eef2f2"/>' +
      '<path d="M40 76l26-30 18 20 12-14 24 24z" fill="#b9c9c9"/><circle cx="104" cy="34" r="9" fill="#b9c9c9"/></svg>',
  );

/**
 * The trip page's image rule (000 §2): on a load error the address is set once more (a passing glitch heals), then
 * the placeholder shows. Lazy by default.
 */
export function CardImage({
  src,
  alt,
  loading = 'lazy',
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null }) {
  const [failed, setFailed] = useState(false);
  const retried = useRef(false);
  return (
    <img
      {...rest}
      loading={loading}
      decoding="async"
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
