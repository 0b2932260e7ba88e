import type { ReactNode } from 'react';

/** One static page in one language. Text lives in content/{he,en}.tsx only. */
export interface StaticPageContent {
  title: string;
  /** "Last updated ..." line, where the page has one. */
  updated?: string;
  body: ReactNode;
}

export interface StaticContent {
  about: StaticPageContent;
  terms: StaticPageContent;
  privacy: StaticPageContent;
  deleteUser: StaticPageContent;
}

export type StaticPageId = keyof StaticContent;
