import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { TITLE_MAX } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../../components/RichText';
import { UserText } from '../../../../components/UserText';
import { htmlToText, textToHtml } from '../../../../lib/note-html';

interface InfoEditorProps {
  /** Heading of the box (the section's title, "new section", "Day 3 – 17/03/2026"). */
  heading: string;
  headingId: string;
  /** Day notes have no title (001 §2 "Title (hidden for day information)"). */
  withTitle: boolean;
  initialTitle?: string;
  /** Stored HTML, or '' for a new one. */
  initialHtml?: string;
  saveLabel: string;
  busy: boolean;
  onSave: (title: string, html: string) => Promise<boolean>;
  onDelete?: () => void;
}

/**
 * One general-information section or day note of the extra information form: title (sections only), content,
 * a preview as the trip page will show it, save and delete. What was typed stays when saving fails.
 */
export function InfoEditor({ heading, headingId, withTitle, initialTitle = '', initialHtml = '', saveLabel, busy, onSave, onDelete }: InfoEditorProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initialTitle);
  const [text, setText] = useState(() => htmlToText(initialHtml));
  const [errors, setErrors] = useState<{ title?: string; text?: string }>({});
  const html = textToHtml(text);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (withTitle && title.trim() === '') next.title = t('tripEditing.info.titleRequired');
    if (withTitle && title.trim().length > TITLE_MAX) next.title = t('tripEditing.info.titleTooLong', { max: TITLE_MAX });
    if (html === '') next.text = t('tripEditing.info.textRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const saved = await onSave(title.trim(), html);
    // A new item's box empties once saved (the saved item is listed above it).
    if (saved && initialHtml === '') {
      setTitle('');
      setText('');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={3} fz="lg" id={headingId}>
            <UserText>{heading}</UserText>
          </Title>
          {withTitle && (
            <TextInput
              label={t('tripEditing.info.title')}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              error={errors.title}
              maxLength={TITLE_MAX + 20}
              required
            />
          )}
          <Textarea
            label={t('tripEditing.info.content')}
            description={t('tripEditing.info.contentHint')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={errors.text}
            autosize
            minRows={3}
            maxRows={14}
          />
          {html !== '' && html !== initialHtml && (
            <div aria-label={t('tripEditing.info.preview')} role="group">
              <RichText html={html} />
            </div>
          )}
          <Group gap="sm">
            <Button type="submit" loading={busy}>
              {saveLabel}
            </Button>
            {onDelete && (
              <Button variant="default" color="red" onClick={onDelete} disabled={busy}>
                {t('tripEditing.info.delete')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
