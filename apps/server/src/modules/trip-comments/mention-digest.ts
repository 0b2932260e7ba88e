import { ADDRESSES, isolateUserText as own, pageLink } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { textsOf, tripTextLanguage } from '../../lib/texts.js';
import type { Mailer } from '../../providers/mail/index.js';
import { letter } from '../../providers/mail/letter.js';
import { claimUnmailedMentions, unclaimMentions, type ClaimedMention } from './mention-digest.repository.js';

/**
 * The mentions' digest (issue 33 point 4, decision 0066): a comment that mentions a member (@name) mails them, but not
 * at once and not once per comment: every few minutes (MENTION_DIGEST_MINUTES) each person with mentions not mailed
 * yet gets ONE mail listing them. The run claims the mentions in one statement (two processes never mail one twice);
 * a mail that fails gives its mentions back to the next run. A person who is no longer one of the trip's people is
 * not told what was written there. Users have no language of their own: the mail is in the language of the trip of
 * their latest mention (the language the comments were most likely written in).
 */

/** A comment's text as the mail quotes it: its first 300 characters on one line. */
const quote = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
};

export function mentionDigestMail(mentions: ClaimedMention[], publicAddress: string) {
  const last = mentions[mentions.length - 1] as ClaimedMention;
  const language = tripTextLanguage(last.language);
  const t = textsOf(language, 'together');
  const links = new Map<number, string>();
  for (const m of mentions)
    links.set(m.rideId, `${publicAddress}${pageLink(ADDRESSES.trip, { rideId: m.rideId })}`);
  const firstLink = links.values().next().value as string;
  const paragraphs = [
    t('mail.greeting', { name: own(last.recipientName) }),
    t('mail.intro', { count: mentions.length }),
    ...mentions.map((m) =>
      t('mail.line', { writer: own(m.writerName ?? '?'), title: own(m.title), text: own(quote(m.text)) }),
    ),
    ...links.values(),
  ];
  return letter(language, t('mail.subject', { count: mentions.length }), paragraphs, firstLink);
}

export interface MentionDigestDeps {
  db: Database;
  mailer: Mailer;
  publicAddress: string;
  log: { warn(obj: object, msg: string): void };
}

export function createMentionDigest(deps: MentionDigestDeps) {
  let running: Promise<number> | null = null;

  async function runOnce(): Promise<number> {
    const claimed = await claimUnmailedMentions(deps.db);
    const byUser = new Map<number, ClaimedMention[]>();
    for (const m of claimed) {
      if (!m.mayView || !m.email) continue;
      byUser.set(m.userId, [...(byUser.get(m.userId) ?? []), m]);
    }
    let sent = 0;
    for (const mentions of byUser.values()) {
      const to = (mentions[0] as ClaimedMention).email as string;
      try {
        await deps.mailer.send({ to, ...mentionDigestMail(mentions, deps.publicAddress) });
        sent += 1;
      } catch (err) {
        deps.log.warn({ err: (err as Error)?.message }, 'mention digest mail failed; kept for the next run');
        await unclaimMentions(deps.db, mentions);
      }
    }
    return sent;
  }

  return {
    /** One run: mails each person with unmailed mentions once. Answers how many mails were sent. */
    run(): Promise<number> {
      running ??= runOnce().finally(() => {
        running = null;
      });
      return running;
    },

    /** Runs every `minutes` (0: never); answers the stop. */
    every(minutes: number): () => void {
      if (minutes <= 0) return () => undefined;
      const timer = setInterval(() => {
        this.run().catch((err: unknown) =>
          deps.log.warn({ err: (err as Error)?.message }, 'mention digest run failed'),
        );
      }, minutes * 60_000);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type MentionDigest = ReturnType<typeof createMentionDigest>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The mentions' digest (tests run it as app.mentionDigest.run(); decision 0066). */
    mentionDigest: MentionDigest;
  }
}
