/** The mail the owner receives for each contact-form message; Reply-To is the sender. */
export function contactMail(m: { name: string; email: string; phone?: string | undefined; message: string }) {
  const header = [`From: ${m.name} <${m.email}>`, ...(m.phone ? [`Phone: ${m.phone}`] : [])];
  return {
    subject: `Contact form: ${m.name}`,
    text: `${header.join('\n')}\n\n${m.message}`,
    replyTo: m.email,
  };
}
