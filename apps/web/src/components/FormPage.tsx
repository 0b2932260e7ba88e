import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from './DocumentTitle';

interface FormPageProps {
  title: string;
  intro?: ReactNode;
  /**
   * A wide page, this many px, with no card: the trip information form, the attraction editor and the categories,
   * whose forms have their own sections. Without it, a narrow page with one card.
   */
  wide?: number;
  children: ReactNode;
}

/** A page that is a title (also the document's), an intro and a form: the password pages, the sign-in return page, the editors. */
export function FormPage({ title, intro, wide, children }: FormPageProps) {
  const content = (
    <Stack gap="md">
      <Title order={1} fz={{ base: 26, sm: wide === undefined ? 30 : 32 }}>
        {title}
      </Title>
      {intro && <Text c="dimmed">{intro}</Text>}
      {children}
    </Stack>
  );
  if (wide !== undefined)
    return (
      <Container size={wide} py="lg" px="md">
        <DocumentTitle title={title} />
        {content}
      </Container>
    );
  return (
    <Container size={480} py={{ base: 'lg', sm: 48 }} px="md">
      <DocumentTitle title={title} />
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {content}
      </Paper>
    </Container>
  );
}
