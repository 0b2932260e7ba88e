import type { NewUser } from '../schema/index.js';

/**
 * The demo accounts (README: "demo accounts"). Their password is public; they exist only where the demo is
 * loaded (embedded database, or SEED_DEMO on PostgreSQL).
 */
export const DEMO_PASSWORD = 'demo1234';

/** Which account authors a demo trip; the keys match DemoRide['author']. */
export type DemoAuthor = 'traveller' | 'planner' | 'subdomain';
/** Every demo account: the authors, the platform admin, and two users the admin's device screens have to show. */
export type DemoAccountKey = DemoAuthor | 'admin' | 'sharer' | 'borderline';

type DemoAccount = Omit<NewUser, 'id' | 'passwordHash' | 'createdAt'> & { email: string };

export const DEMO_ACCOUNTS: Record<DemoAccountKey, DemoAccount> = {
  /** An ordinary user: copies trips, books accommodations. */
  traveller: {
    email: 'traveller@demo.rides.local',
    userName: 'דני המטייל',
    role: 'user',
  },
  /** A professional planner (manager) with the full author block shown on trip pages. */
  planner: {
    email: 'planner@demo.rides.local',
    userName: 'נועה כהן',
    role: 'manager',
    title: 'מתכננת טיולים משפחתיים',
    about:
      'אני מתכננת טיולים בארץ ובאירופה כבר יותר מעשר שנים, עם דגש על משפחות עם ילדים, קצב נינוח ולינה במקומות שבדקתי בעצמי. כל מסלול נבנה לפי הקצב והתקציב שלכם.',
    facebookLink: 'https://example.com/facebook/noa-trips',
    instagramLink: 'https://example.com/instagram/noa-trips',
    websiteLink: 'https://example.com/noa-trips',
  },
  /** A sub-domain (white-label) manager: the userId of one theme (see themes.ts). */
  subdomain: {
    email: 'partner@demo.rides.local',
    userName: 'אלפיני טיולים',
    role: 'manager',
    title: 'סוכנות טיולים לשווייץ ואוסטריה',
    about: 'טיולים מאורגנים ועצמאיים בהרי האלפים, עם ליווי אישי לפני הנסיעה ובמהלכה.',
    websiteLink: 'https://example.com/alpine-partner',
  },
  /** The platform admin (decision 0035): the admin screens. Not a planner: admin is a flag, not a role. */
  admin: {
    email: 'admin@demo.rides.local',
    userName: 'מנהלת המערכת',
    role: 'user',
    isAdmin: true,
  },
  /** Signs in from seven devices, two of them in different countries minutes apart: HIGH (seed/usage.ts). */
  sharer: {
    email: 'shared.account@demo.rides.local',
    userName: 'יוסי לוי',
    role: 'user',
  },
  /** Four devices in a week, all at home: MEDIUM, the borderline case. */
  borderline: {
    email: 'borderline@demo.rides.local',
    userName: 'מיכל אברהם',
    role: 'user',
  },
};
