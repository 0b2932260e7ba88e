import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import classes from './Section.module.css';

interface SectionProps {
  id: string;
  title: string;
  intro?: string;
  tone?: 'plain' | 'tinted' | 'dark';
  children: ReactNode;
}

/** A home-page band with an h2 and an optional intro. */
export function Section({ id, title, intro, tone = 'plain', children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={classes.section} data-tone={tone}>
      <div className={classes.inner}>
        <Title order={2} id={`${id}-title`} className={classes.title}>
          {title}
        </Title>
        {intro && <Text className={classes.intro}>{intro}</Text>}
        <div className={classes.body}>{children}</div>
      </div>
    </section>
  );
}
