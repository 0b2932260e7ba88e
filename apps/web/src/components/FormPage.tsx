import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from './DocumentTitle';

interface FormPageProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** A narrow page with one card: the password pages and the sign-in return page. */
export function FormPage({ title, intro, children }: FormPageProps) {
  return (
    <Container size={480} py={{ base: 'lg', sm: 48 }} px="md">
      <DocumentTitle title={title} />
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          {intro && <Text c="dimmed">{intro}</Text>}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
