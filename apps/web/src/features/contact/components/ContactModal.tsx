import { useState, type FormEvent } from 'react';
import { Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/i18n';
import { AppModal } from '../../../components/AppModal';
import { FormAlert } from '../../../components/FormAlert';
import { splitApiError } from '../../../lib/form-errors';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useWrite } from '../../../lib/use-write';
import type { AppModalProps } from '../../../lib/modal-controller';
import { getSession } from '../../../lib/session-store';
import { sendContact } from '../api/send-contact';
import { checkContact, type ContactField, type ContactValues } from '../lib/validate';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

/** Contact form (001 §3): name, email, phone (optional), message. */
export default function ContactModal({ opened, onClose }: AppModalProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ContactValues>(() => ({
    name: getSession()?.userName ?? '',
    email: '',
    phone: '',
    message: '',
  }));
  const { formRef, errors, general, setGeneral, check, refuse } = useFormErrors<ContactField>(values);
  const { run, busy } = useWrite();

  const set = (field: ContactField) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const found = checkContact(values);
    if (!check(found)) return;
    const phone = values.phone.trim();
    const body = {
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      message: values.message.trim(),
      ...(phone ? { phone } : {}),
    };
    const sent = await run(() => sendContact(body), {
      success: t('contact_form_success'),
      // Every refusal is shown in the form, beside its field or above the form.
      onError: (err) => {
        refuse(
          splitApiError(err, FIELDS, {
            codeFields: {
              name_required: 'name',
              name_too_long: 'name',
              message_required: 'message',
              message_too_long: 'message',
              invalid_email_format: 'email',
              invalid_email_spaces: 'email',
              invalid_phone: 'phone',
            },
          }),
        );
        return true;
      },
    });
    if (sent) onClose();
  };

  const err = (f: ContactField) => errors[f] && t(messageKey(errors[f]));

  return (
    <AppModal opened={opened} onClose={onClose} title={t('contact.title')} centered size="lg">
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('contact.intro')}</Text>
          <FormAlert code={general} />
          <TextInput
            label={t('contact.name')}
            autoComplete="name"
            required
            value={values.name}
            onChange={set('name')}
            error={err('name')}
            data-autofocus
          />
          <TextInput
            label={t('contact.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            required
            value={values.email}
            onChange={set('email')}
            error={err('email')}
          />
          <TextInput
            label={t('contact.phone')}
            description={t('contact.optional')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
            value={values.phone}
            onChange={set('phone')}
            error={err('phone')}
          />
          <Textarea
            label={t('contact.message')}
            required
            autosize
            minRows={5}
            maxRows={12}
            styles={{ input: { minBlockSize: 151 } }}
            value={values.message}
            onChange={set('message')}
            error={err('message')}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('contact.submit')}
          </Button>
        </Stack>
      </form>
    </AppModal>
  );
}
