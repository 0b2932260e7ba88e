/**
 * The WhatsApp contact link (002 §2.8: "the messaging link with the prefilled message"): wa.me/<digits>?text=…,
 * WhatsApp's documented click-to-chat form (digits with the country code; no plus, spaces or dashes).
 */
export function whatsappHref(number: string, text: string): string | null {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

