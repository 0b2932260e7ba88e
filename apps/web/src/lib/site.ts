/** Public contact details of the product, shown on the static pages and in the footer. */
export const SITE = {
  name: 'rides',
  phone: '+972-3-555-0100',
  /** The phone number as a tel: link (digits and the plus only). */
  phoneHref: 'tel:+97235550100',
  email: 'hello@rides.example',
  emailHref: 'mailto:hello@rides.example',
} as const;
