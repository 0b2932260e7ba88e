import type { ForPlannersSettings } from '@rides/contract';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contactAction } from '../lib/contact-action';

interface ContactButtonProps extends ButtonProps {
  settings: ForPlannersSettings | undefined;
  /** Opens the contact form (the last resort of the order, and what a click does before the settings arrive). */
  onForm: () => void;
  children: ReactNode;
  testId: string;
}

/**
 * "Book an intro meeting" (002 §2.8): the first contact the configuration offers (contactAction's order) as a real
 * link; the contact form when it offers none. Until the settings arrive (the server's HTML) it is a button that
 * opens the form, so a click is never lost.
 */
export function ContactButton({ settings, onForm, children, testId, ...button }: ContactButtonProps) {
  const { t } = useTranslation();
  const action = contactAction(settings, {
    message: t('forPlanners.contact.message'),
    subject: t('forPlanners.contact.subject'),
  });
  if (action.kind === 'form')
    return (
      <Button {...button} onClick={onForm} data-testid={testId} data-action="form">
        {children}
      </Button>
    );
  return (
    <Button
      {...button}
      component="a"
      href={action.href}
      target={action.newTab ? '_blank' : undefined}
      rel={action.newTab ? 'noopener noreferrer' : undefined}
      data-testid={testId}
      data-action={action.kind}
    >
      {children}
    </Button>
  );
}
