import { SITE } from '../../../lib/site';

/** Phone and e-mail as links, kept left to right inside Hebrew text. Labels come from the content file. */
export function ContactLines({
  phoneLabel,
  emailLabel,
  hours,
}: {
  phoneLabel: string;
  emailLabel: string;
  hours?: string;
}) {
  return (
    <ul>
      <li>
        {phoneLabel}:{' '}
        <a href={SITE.phoneHref} dir="ltr">
          {SITE.phone}
        </a>
        {hours ? ` (${hours})` : null}
      </li>
      <li>
        {emailLabel}:{' '}
        <a href={SITE.emailHref} dir="ltr">
          {SITE.email}
        </a>
      </li>
    </ul>
  );
}

/** The e-mail address as an inline link. */
export function EmailLink({ subject }: { subject?: string }) {
  const href = subject ? `${SITE.emailHref}?subject=${encodeURIComponent(subject)}` : SITE.emailHref;
  return (
    <a href={href} dir="ltr">
      {SITE.email}
    </a>
  );
}
