import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface FieldProblemsProps<F extends string> {
  /** "Please fix the following fields", in the form's words. */
  title: string;
  /** The fields with a problem, in the form's order; nothing is shown when there are none. */
  fields: readonly F[];
  label: Record<F, string>;
  /** A field's translated message (the same one shown beside it). */
  message: (field: F) => string | undefined;
  /** The list's class (each form sets its own indent). */
  listClassName?: string | undefined;
  /** For the form's aria-describedby. */
  id?: string;
  testId?: string;
}

/** A form's problems at once, above its fields: "label: message" per field, read out when it appears. */
export function FieldProblems<F extends string>({ title, fields, label, message, listClassName, id, testId }: FieldProblemsProps<F>) {
  if (fields.length === 0) return null;
  return (
    <Alert id={id} role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden size={20} />} title={title} data-testid={testId}>
      <ul className={listClassName}>
        {fields.map((f) => (
          <li key={f}>
            {label[f]}: {message(f)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
