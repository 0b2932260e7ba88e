import type { ReactNode } from 'react';
import { Button, Collapse, Stack } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './MoreDetails.module.css';

interface MoreDetailsProps {
  /** The collapsible part's id (the toggle's aria-controls). */
  id: string;
  /** The toggle's text. */
  label: string;
  /** Open or closed is the form's: it opens them when one of their fields has a problem. */
  opened: boolean;
  onToggle: () => void;
  /** The fields behind the toggle. */
  children: ReactNode;
}

/**
 * A form's secondary fields behind a toggle (the stay's details, the attraction's extras): a subtle button with a
 * chevron, then the fields in a column. The frame around them (a card or none) is the form's.
 */
export function MoreDetails({ id, label, opened, onToggle, children }: MoreDetailsProps) {
  return (
    <>
      <Button
        type="button"
        variant="subtle"
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls={id}
        rightSection={<IconChevronDown aria-hidden size={16} className={opened ? classes.open : undefined} />}
      >
        {label}
      </Button>
      <Collapse expanded={opened} id={id}>
        <Stack gap="md" pt="sm">
          {children}
        </Stack>
      </Collapse>
    </>
  );
}
