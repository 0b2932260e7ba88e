import type { ReactNode } from 'react';
import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconArrowBack } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { paths } from '../../../lib/paths';

interface TripToolPageProps {
  title: string;
  /** The tab's title when it says more than the heading (the trip's name); the heading's otherwise. */
  documentTitle?: string | undefined;
  /** The column's width, px. */
  size: number;
  /** "Back to trip" beside the title, with its text; no button while the trip is unknown (a bad id). */
  back?: { rideId: number | null; label: string };
  /** The page's content, or what stands in its place (loading, a refusal, sign in first). */
  children: ReactNode;
}

/**
 * A page that works on one trip (its stays, the stays' checklist, its extra information): a column with the title (also
 * the document's), optionally "back to trip" beside it, then the content. Looser than FormPage's wide page (larger gaps,
 * a smaller title) because these pages hold several sections of their own.
 */
export function TripToolPage({ title, documentTitle, size, back, children }: TripToolPageProps) {
  const heading = (
    <Title order={1} fz={{ base: 24, sm: 30 }}>
      {title}
    </Title>
  );
  return (
    <Container size={size} py="lg" px="md">
      <DocumentTitle title={documentTitle ?? title} />
      <Stack gap="lg">
        {back ? (
          <Group justify="space-between" align="center">
            {heading}
            {back.rideId !== null && (
              <Button component={Link} to={paths.trip(back.rideId)} variant="default" leftSection={<IconArrowBack size={16} aria-hidden />}>
                {back.label}
              </Button>
            )}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Container>
  );
}
